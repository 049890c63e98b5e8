"use client";

import { useEffect, useMemo, useState, type SVGProps } from "react";
import { CartesianGrid, LabelList, ReferenceDot, Scatter, ScatterChart, Tooltip, usePlotArea, XAxis, YAxis, ZAxis } from "recharts";
import { layoutLabels, type KeyedPoint } from "@/lib/leaderboard/charts/label-layout";
import { textWidth } from "@/lib/leaderboard/charts/text-measure";
import { f1Isoline, type PrPoint, type PrScatter } from "@/lib/benchmarks/alpsbench/read/charts/precision-recall";
import { AXIS, TOOLTIP_STYLE, UNIT_TICKS } from "@/components/charts/palette";
import { TIER_MARKS, TierIcon, TierMarkLegend } from "@/components/charts/tier-marks";

const ISO_F1 = [0.2, 0.4, 0.6, 0.8];
/** Both axes: 0–1 in tenths. */
const UNIT_AXIS = { type: "number", domain: [0, 1], ticks: UNIT_TICKS, tick: AXIS.tick, stroke: AXIS.stroke, tickFormatter: (v: number) => v.toFixed(1) } as const;
const LABEL_FONT = 11;
/** half the marker's extent (Recharts' symbols of area 60, a diamond's tips reach furthest) plus the pin ring */
const MARKER_RADIUS = 6;

type TipPayload = { payload?: { label?: string; precision?: number; recall?: number; f1?: number | null } }[];

function PointTip({ active, payload }: { active?: boolean; payload?: TipPayload }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p?.label) return null;
  return (
    <div style={TOOLTIP_STYLE.contentStyle} className="px-2 py-1">
      <div className="font-semibold">{p.label}</div>
      <div className="num">
        precision {p.precision?.toFixed(3)} · recall {p.recall?.toFixed(3)}
        {typeof p.f1 === "number" ? ` · F1 ${p.f1.toFixed(3)}` : ""}
      </div>
    </div>
  );
}

/** A name or number written in its laid-out box. */
function BoxText({ box, ...rest }: { box: { x: number; y: number; h: number } } & SVGProps<SVGTextElement>) {
  return <text x={box.x + 1} y={box.y + box.h / 2} dominantBaseline="central" fill="var(--color-fg)" {...rest} />;
}

type Reference = PrScatter["references"][number];
/** a reference mark's id in the label layout (row ids never start with it) */
const REF = "ref:";

/**
 * The points' names, and the reference marks' names after them, placed without overlaps by
 * lib/leaderboard/charts/label-layout.ts in the chart's own pixel space (its plot area, read from Recharts), so
 * no name is cut at the plot's edge; and a ring around pinned points. Names that fit nowhere become numbers,
 * handed up for the list under the chart.
 */
function PointLabels({ points, references, onKeys }: { points: PrPoint[]; references: Reference[]; onKeys: (keys: KeyedPoint[]) => void }) {
  const area = usePlotArea();
  const layout = useMemo(() => {
    if (!area || area.width <= 0 || area.height <= 0) return null;
    const at = (p: PrPoint) => ({ x: area.x + p.precision * area.width, y: area.y + (1 - p.recall) * area.height });
    const bounds = { x: area.x, y: area.y, w: area.width, h: area.height };
    // the "F1 0.8" labels at the right end of the guide curves (drawn right-aligned, 4 px up and left of the end)
    const obstacles = ISO_F1.map((f) => {
      const end = at({ precision: 1, recall: f1Isoline(f).at(-1)!.recall } as PrPoint);
      const w = textWidth(`F1 ${f}`, 10);
      return { x: end.x - 4 - w, y: end.y - 4 - 11, w, h: 13 };
    });
    return {
      at,
      ...layoutLabels(
        [
          ...points.map((p) => ({ id: p.id, label: p.name, ...at(p) })),
          ...references.map((r) => ({ id: `${REF}${r.id}`, label: r.name, ...at({ precision: r.precision, recall: r.recall } as PrPoint) })),
        ],
        { bounds, fontSize: LABEL_FONT, markerRadius: MARKER_RADIUS, obstacles },
      ),
    };
  }, [area, points, references]);
  const signature = layout ? layout.keys.map((k) => `${k.id}:${k.key}`).join("|") : "";
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the set of keys changes (signature), not on every new layout object or parent callback
  useEffect(() => onKeys(layout?.keys ?? []), [signature]);
  if (!layout) return null;
  const byId = new Map(points.map((p) => [p.id, p]));
  return (
    <g className="pr-point-labels" pointerEvents="none" data-point-labels="">
      {points
        .filter((p) => p.pinned)
        .map((p) => {
          const { x, y } = layout.at(p);
          return <circle key={`ring-${p.id}`} cx={x} cy={y} r={MARKER_RADIUS + 1.5} fill="none" stroke="var(--color-fg)" strokeWidth={1.5} />;
        })}
      {layout.labels.map((l) =>
        l.id.startsWith(REF) ? (
          <BoxText key={l.id} box={l.box} fontSize={LABEL_FONT} fill="var(--chart-axis)" data-reference-label={l.text}>
            {l.text}
          </BoxText>
        ) : (
          <BoxText key={l.id} box={l.box} fontSize={LABEL_FONT} fontWeight={byId.get(l.id)?.pinned ? 700 : 400} data-point-label={l.text}>
            {l.text}
          </BoxText>
        ),
      )}
      {layout.keys.map((k) =>
        k.box ? (
          <BoxText key={k.id} box={k.box} fontSize={LABEL_FONT - 1} fontWeight={700} data-point-key={k.key}>
            {k.key}
          </BoxText>
        ) : null,
      )}
    </g>
  );
}

/** Precision against recall, one point per system, with F1 guide curves (paper Figure 6); every point named or numbered. */
export function PrecisionRecallScatter({ id, scatter, title }: { id: string; scatter: PrScatter; title: string }) {
  const isolines = useMemo(() => ISO_F1.map((f) => ({ f, points: f1Isoline(f) })), []);
  const [keys, setKeys] = useState<KeyedPoint[]>([]);
  const byId = useMemo(() => new Map(scatter.points.map((p) => [p.id, p])), [scatter.points]);
  const tiers = [...new Set(scatter.points.map((p) => p.tier))];
  return (
    <div className="space-y-2">
      <TierMarkLegend tiers={tiers} pinned={scatter.points.some((p) => p.pinned)} />
      <div className="h-96 w-full sm:h-[28rem]" data-scatter-chart={id}>
        <ScatterChart responsive style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 12, bottom: 16, left: 0 }} title={title}>
          <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" />
          <XAxis
            {...UNIT_AXIS}
            dataKey="precision"
            name="Precision"
            label={{ value: "Precision", position: "insideBottom", offset: -8, fill: "var(--chart-axis)", fontSize: 12 }}
          />
          <YAxis
            {...UNIT_AXIS}
            dataKey="recall"
            name="Recall"
            width={44}
            label={{ value: "Recall", angle: -90, position: "insideLeft", offset: 12, fill: "var(--chart-axis)", fontSize: 12 }}
          />
          <ZAxis range={[60, 60]} />
          {isolines.map(({ f, points }) => (
            <Scatter
              key={f}
              data={points}
              line={{ stroke: "var(--chart-guide)", strokeDasharray: "4 4" }}
              shape={() => <g />}
              legendType="none"
              isAnimationActive={false}
              tooltipType="none"
              name={`F1 = ${f}`}
            >
              <LabelList
                dataKey="recall"
                content={(props) =>
                  props.index === points.length - 1 ? (
                    <text x={Number(props.x) - 4} y={Number(props.y) - 4} fontSize={10} fill="var(--chart-axis)" textAnchor="end">
                      F1 {f}
                    </text>
                  ) : null
                }
              />
            </Scatter>
          ))}
          {TIER_MARKS.map(({ tier, name, shape, color }) => {
            const data = scatter.points.filter((p) => p.tier === tier);
            return data.length === 0 ? null : <Scatter key={tier} name={name} data={data} fill={color} shape={shape} isAnimationActive={false} />;
          })}
          {/* reference baselines: a hollow mark (named by PointLabels), never a system's point */}
          {scatter.references.map((r) => (
            <ReferenceDot key={r.id} x={r.precision} y={r.recall} r={5} fill="none" stroke="var(--chart-axis)" strokeDasharray="2 2" />
          ))}
          <PointLabels points={scatter.points} references={scatter.references} onKeys={setKeys} />
          <Tooltip content={<PointTip />} cursor={{ stroke: "var(--chart-guide)" }} />
        </ScatterChart>
      </div>
      {keys.length > 0 ? (
        <div className="text-xs text-fg-muted" data-point-keys={id}>
          <p>Numbered points (no room for their names at this width):</p>
          <ol className="mt-1 grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2">
            {keys.map((k) => {
              const p = byId.get(k.id);
              return (
                <li key={k.id} className="flex items-baseline gap-1.5" data-point-key-item={k.key} data-point-key-reference={p ? undefined : ""}>
                  <span className="num w-5 shrink-0 text-right font-bold text-fg">{k.key}</span>
                  {p ? <TierIcon tier={p.tier} /> : null}
                  <span className={p?.pinned ? "font-semibold text-fg" : "text-fg"}>{p?.label ?? k.text}</span>
                  {p ? (
                    <span className="num whitespace-nowrap text-fg-subtle">
                      P {p.precision.toFixed(3)} · R {p.recall.toFixed(3)}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
