"use client";

import { useId, useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { shownNote } from "@/lib/leaderboard/charts/chart-rows";
import { figureWithInterval } from "@/lib/leaderboard/charts/grouped-bars";
import { linePoints, type PoolScalingChart } from "@/lib/benchmarks/alpsbench/read/charts/pool-scaling";
import { ChartFigure } from "@/components/charts/chart-figure";
import { Heatmap } from "@/components/charts/heatmap";
import { AXIS, TOOLTIP_STYLE, seriesColor, seriesDash } from "@/components/charts/palette";

/** How many lines the recall-vs-pool-size chart draws before the reader asks for more. */
const DEFAULT_TOP_N = 8;

/** Ticks every 0.1 across the domain, every 0.2 on a wide one (Recharts' own choice skips some at this height). */
function tenths([lo, hi]: [number, number]): number[] {
  const step = hi - lo > 0.6 ? 2 : 1;
  const count = Math.floor(Math.round((hi - lo) * 10) / step) + 1;
  return Array.from({ length: count }, (_, i) => Math.round(lo * 10 + i * step) / 10);
}

const fmt = (v: number | null | undefined) => (typeof v === "number" ? v.toFixed(3) : "–");

/**
 * Task 3's distractor scaling: the systems × pool-size heat map and the recall-vs-pool-size lines, for one
 * recall metric at a time (a switch when the board has both the judge and the exact-id recall).
 */
export function PoolScalingCharts({ charts, note = "" }: { charts: PoolScalingChart[]; note?: string }) {
  const [metric, setMetric] = useState(charts[0]?.metric ?? "");
  const chart = charts.find((c) => c.metric === metric) ?? charts[0];
  const groupName = useId();
  if (!chart) return null;
  return (
    <div className="space-y-4">
      {charts.length > 1 ? (
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="sr-only">Recall metric of the Task 3 charts</legend>
          <span className="text-fg-subtle">Metric</span>
          {charts.map((c) => (
            <label key={c.metric} className="inline-flex cursor-pointer items-center gap-1.5 text-fg">
              <input type="radio" name={groupName} value={c.metric} checked={c.metric === chart.metric} onChange={() => setMetric(c.metric)} />
              {c.label} <span className="text-fg-subtle">({c.total})</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <ChartFigure
        id="task3-heatmap"
        title={`Distractor scaling: ${chart.label} by pool size`}
        caption={`Each row is a system, each column a candidate pool (100 to 1,000 distractors); the colour and the printed number are ${chart.label.toLowerCase()}. Rows are sorted by mean recall over the pool sizes they have. Each cell's 95% interval is in its tooltip and in the data table. ${note}${shownNote(chart.series.length, chart.total, "mean recall")}Source: ${chart.sources}.`}
        table={{
          caption: `${chart.label} by system and pool size`,
          columns: ["System", ...chart.poolLabels.map((p) => `${p} [95% CI]`), "Mean"],
          rows: chart.series.map((s) => [s.label, ...s.values.map((v, i) => figureWithInterval(v, s.intervals[i] ?? null)), fmt(s.mean)]),
        }}
      >
        <Heatmap
          id="task3"
          data={chart.heatmap}
          rowHeader="System"
          label={`Heat map of ${chart.label} for ${chart.series.length} systems at pool sizes ${chart.poolLabels.join(", ")}. Best mean: ${chart.series[0]?.label ?? "none"}. The data table below lists every value.`}
        />
      </ChartFigure>
      <RecallLines chart={chart} note={note} />
    </div>
  );
}

function RecallLines({ chart, note }: { chart: PoolScalingChart; note: string }) {
  // the top systems, and every pinned one (a row pinned in the table is always drawn)
  // and the reference baselines: the floor the systems are read against
  const defaults = useMemo(() => new Set(chart.series.filter((s, i) => i < DEFAULT_TOP_N || s.pinned || s.reference).map((s) => s.key)), [chart]);
  const [picked, setPicked] = useState<{ metric: string; keys: Set<string> } | null>(null);
  // A metric switch, or other rows from the table's filters, reset the selection to the top systems.
  const signature = `${chart.metric}|${chart.series.map((s) => s.label).join("|")}`;
  const shown = picked && picked.metric === signature ? picked.keys : defaults;
  const points = useMemo(() => linePoints(chart), [chart]);
  const toggle = (key: string) => {
    const next = new Set(shown);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setPicked({ metric: signature, keys: next });
  };
  const many = chart.series.length > DEFAULT_TOP_N;
  return (
    <ChartFigure
      id="task3-lines"
      title={`${chart.label} against pool size`}
      caption={`One line per system: how recall falls as distractors are added (x axis: number of candidates in the pool, to scale). ${many ? `The top ${DEFAULT_TOP_N} of ${chart.series.length} systems by mean recall are drawn; tick others below to add them. ` : ""}${note}${shownNote(chart.series.length, chart.total, "mean recall")}Source: ${chart.sources}.`}
      table={{
        caption: `${chart.label} by system and pool size`,
        columns: ["System", ...chart.poolLabels],
        rows: chart.series.map((s) => [s.label, ...s.values.map(fmt)]),
      }}
    >
      <div className="h-72 w-full sm:h-80" data-line-chart="task3">
        <LineChart
          responsive
          style={{ width: "100%", height: "100%" }}
          data={points}
          margin={{ top: 8, right: 16, bottom: 24, left: 8 }}
          title={`${chart.label} against pool size`}
        >
          <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" />
          <XAxis
            dataKey="pool"
            type="number"
            domain={[100, 1000]}
            ticks={chart.poolSizes}
            tick={AXIS.tick}
            stroke={AXIS.stroke}
            tickFormatter={(v: number) => `d${v}`}
            label={{ value: "Distractors in the candidate pool", position: "insideBottom", offset: -16, fill: "var(--chart-axis)", fontSize: 12 }}
          />
          <YAxis
            domain={chart.heatmap.domain}
            ticks={tenths(chart.heatmap.domain)}
            tick={AXIS.tick}
            stroke={AXIS.stroke}
            width={56}
            tickFormatter={(v: number) => v.toFixed(1)}
            label={{ value: chart.label, angle: -90, position: "insideLeft", style: { textAnchor: "middle" }, fill: "var(--chart-axis)", fontSize: 12 }}
          />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={(v) => `Pool d${String(v)}`} formatter={(v) => fmt(typeof v === "number" ? v : null)} />
          {chart.series.map((s, i) =>
            shown.has(s.key) ? (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                // a reference baseline: a thin grey dotted line, labelled "(baseline)" by its name
                stroke={s.reference ? "var(--chart-axis)" : seriesColor(i)}
                strokeDasharray={s.reference ? "2 3" : seriesDash(i)}
                strokeWidth={s.reference ? 1.5 : s.pinned ? 3.5 : 2}
                dot={s.reference ? false : { r: 3, fill: seriesColor(i), strokeWidth: 0 }}
                connectNulls
                isAnimationActive={false}
              />
            ) : null,
          )}
        </LineChart>
      </div>
      <fieldset className="mt-3">
        <legend className="mb-1 flex flex-wrap items-center gap-3 text-xs text-fg-subtle">
          <span>
            Legend: systems shown ({shown.size} of {chart.series.length})
          </span>
          {many ? (
            <>
              <button
                type="button"
                className="rounded border border-line px-2 py-0.5 text-fg hover:bg-surface-hover"
                onClick={() => setPicked({ metric: signature, keys: new Set(chart.series.map((s) => s.key)) })}
              >
                Show all {chart.series.length}
              </button>
              <button type="button" className="rounded border border-line px-2 py-0.5 text-fg hover:bg-surface-hover" onClick={() => setPicked(null)}>
                Top {DEFAULT_TOP_N}
              </button>
            </>
          ) : null}
        </legend>
        <ul className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-2 lg:grid-cols-3">
          {chart.series.map((s, i) => (
            <li key={s.key}>
              <label className="inline-flex cursor-pointer items-center gap-2 text-fg" data-pinned={s.pinned ? "true" : undefined}>
                <input type="checkbox" className="shrink-0" checked={shown.has(s.key)} onChange={() => toggle(s.key)} data-series-toggle={s.label} />
                <svg width="22" height="10" aria-hidden="true" className="shrink-0">
                  <line
                    x1="1"
                    y1="5"
                    x2="21"
                    y2="5"
                    stroke={s.reference ? "var(--chart-axis)" : seriesColor(i)}
                    strokeWidth={s.reference ? 1.5 : 2.5}
                    strokeDasharray={s.reference ? "2 3" : seriesDash(i)}
                  />
                </svg>
                <span className={s.pinned ? "font-semibold" : undefined}>{s.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </ChartFigure>
  );
}
