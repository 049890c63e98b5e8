"use client";

import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { QualityCost, QualityCostPoint } from "@/lib/leaderboard/charts/quality-cost";
import { ChartFigure } from "./chart-figure";
import { AXIS, TOOLTIP_STYLE } from "./palette";
import { TIER_MARKS, TierMarkLegend } from "./tier-marks";

const usd = (v: number) => (v >= 100 ? `$${Math.round(v).toLocaleString("en-US")}` : `$${Number(v.toPrecision(3))}`);

type TipPayload = { payload?: QualityCostPoint }[];

function PointTip({ active, payload, decimals, label }: { active?: boolean; payload?: TipPayload; decimals: number; label: string }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div style={TOOLTIP_STYLE.contentStyle} className="px-2 py-1">
      <div className="font-semibold">{p.name}</div>
      <div className="num">
        {label} {p.value.toFixed(decimals)} · {usd(p.costUsd)}
      </div>
    </div>
  );
}

/** The board's headline figure against what each run cost (lib/leaderboard/charts/quality-cost.ts), marks by tier. */
export function QualityCostChart({ chart }: { chart: QualityCost }) {
  const { metric, points, xScale } = chart;
  const better = metric.direction === "higher" ? "higher is better" : "lower is better";
  return (
    <ChartFigure
      id="quality-cost"
      title="Quality versus cost"
      caption={`${metric.label} (${better}) against the run's cost in US dollars as its submitter reported it${xScale === "log" ? ", on a log scale" : ""}; rows without a reported cost are not drawn.`}
      table={{
        caption: `${metric.label} and reported cost per run`,
        columns: ["System", metric.label, "Cost (USD)"],
        rows: points.map((p) => [p.name, p.value.toFixed(metric.decimals), usd(p.costUsd)]),
      }}
    >
      <div className="space-y-2">
        <TierMarkLegend tiers={[...new Set(points.map((p) => p.tier))]} />
        <div className="h-80 w-full" data-scatter-chart="quality-cost" data-x-scale={xScale}>
          <ScatterChart responsive style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 16, bottom: 16, left: 0 }} title="Quality versus cost">
            <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="costUsd"
              name="Cost (USD)"
              scale={xScale}
              domain={xScale === "log" ? ["auto", "auto"] : [0, "auto"]}
              tick={AXIS.tick}
              stroke={AXIS.stroke}
              tickFormatter={usd}
              label={{ value: "Cost (USD)", position: "insideBottom", offset: -8, fill: "var(--chart-axis)", fontSize: 12 }}
            />
            <YAxis
              type="number"
              dataKey="value"
              name={metric.label}
              domain={["auto", "auto"]}
              tick={AXIS.tick}
              stroke={AXIS.stroke}
              width={52}
              tickFormatter={(v: number) => v.toFixed(Math.min(metric.decimals, 2))}
              label={{ value: metric.label, angle: -90, position: "insideLeft", offset: 12, fill: "var(--chart-axis)", fontSize: 12 }}
            />
            <ZAxis range={[60, 60]} />
            {TIER_MARKS.map(({ tier, name, shape, color }) => {
              const data = points.filter((p) => p.tier === tier);
              return data.length === 0 ? null : <Scatter key={tier} name={name} data={data} fill={color} shape={shape} isAnimationActive={false} />;
            })}
            <Tooltip content={<PointTip decimals={metric.decimals} label={metric.label} />} cursor={{ stroke: "var(--chart-guide)" }} />
          </ScatterChart>
        </div>
      </div>
    </ChartFigure>
  );
}
