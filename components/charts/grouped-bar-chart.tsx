"use client";

import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ReferenceLine, Tooltip, usePlotArea, useXAxisScale, XAxis, YAxis } from "recharts";
import { barPoints, figureWithInterval, type BarItem, type GroupedBars } from "@/lib/leaderboard/charts/grouped-bars";
import { REFERENCE_LABEL_LINE, referenceLabelBoxes } from "@/lib/leaderboard/charts/label-layout";
import { textWidth, wrapText } from "@/lib/leaderboard/charts/text-measure";
import { AXIS, TOOLTIP_STYLE, UNIT_TICKS, seriesColor } from "./palette";
import { TierMarkLegend, TierShape } from "./tier-marks";
import { useWidth } from "./use-width";

const fmt = (v: unknown) => (typeof v === "number" ? v.toFixed(3) : "–");
const TICK_FONT = 12;
const LINE_HEIGHT = 15;
/** room left of each name for the tier mark (and the pin ring) */
const MARK_ROOM = 18;
const REFERENCE_FONT = 10;

/**
 * Horizontal grouped bars (systems down the side, one bar per metric). Names are never cut: the name column is
 * as wide as the longest name up to 40% of the chart, longer names wrap onto more lines, and each system's
 * band is as tall as its lines need. The tier is a mark beside the name (legend above), not a suffix. A bar
 * with a 95% interval carries it as an error bar (reported figures have none); the reference baselines are
 * dashed lines, their labels one per line above the plot (ReferenceLabels).
 */
export function GroupedBarChart({ id, bars, title, domain = [0, 1] }: { id: string; bars: GroupedBars; title: string; domain?: [number, number] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const points = useMemo(() => barPoints(bars), [bars]);
  const byLabel = useMemo(() => new Map(bars.items.map((i) => [i.label, i])), [bars.items]);
  const barSize = bars.metrics.length > 3 ? 7 : 10;
  const longest = Math.max(0, ...bars.items.map((i) => textWidth(i.name, TICK_FONT)));
  const axisWidth = Math.ceil(Math.max(90, Math.min(longest + MARK_ROOM + 12, Math.max(120, (width || 360) * 0.4))));
  const lines = useMemo(() => new Map(bars.items.map((i) => [i.label, wrapText(i.name, axisWidth - MARK_ROOM - 10, TICK_FONT)])), [bars.items, axisWidth]);
  const maxLines = Math.max(1, ...[...lines.values()].map((l) => l.length));
  const band = Math.max(bars.metrics.length * (barSize + 2) + 12, maxLines * LINE_HEIGHT + 8);
  const references = bars.references ?? [];
  const referenceRoom = references.length * REFERENCE_LABEL_LINE;
  const height = 76 + referenceRoom + bars.items.length * band;
  return (
    <div className="space-y-2">
      <TierMarkLegend tiers={[...new Set(bars.items.map((i) => i.tier))]} pinned={bars.items.some((i) => i.pinned)} />
      <div ref={ref} className="w-full" style={{ height }} data-bar-chart={id}>
        <BarChart
          responsive
          style={{ width: "100%", height: "100%" }}
          data={points}
          layout="vertical"
          margin={{ top: 4 + referenceRoom, right: 16, bottom: 4, left: 4 }}
          barGap={2}
          title={title}
        >
          <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={domain}
            ticks={domain[0] === 0 && domain[1] === 1 ? UNIT_TICKS : undefined}
            tick={AXIS.tick}
            stroke={AXIS.stroke}
            tickFormatter={(v: number) => v.toFixed(1)}
          />
          <YAxis
            type="category"
            dataKey="label"
            stroke={AXIS.stroke}
            width={axisWidth}
            interval={0}
            tick={(props: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) => {
              const label = String(props.payload?.value ?? "");
              return <NameTick x={Number(props.x)} y={Number(props.y)} item={byLabel.get(label)} lines={lines.get(label) ?? [label]} />;
            }}
          />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: "var(--color-surface-hover)" }}
            formatter={(v, _name, entry) => {
              const ci = (entry.payload as Record<string, unknown> | undefined)?.[`${String(entry.dataKey)}_ci`];
              return typeof v === "number" && Array.isArray(ci) ? figureWithInterval(v, [v - Number(ci[0]), v + Number(ci[1])]) : fmt(v);
            }}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: "var(--chart-axis)" }} />
          {bars.metrics.map((m, i) => (
            <Bar key={m.key} dataKey={m.key} name={m.label} fill={seriesColor(i)} barSize={barSize} isAnimationActive={false}>
              <ErrorBar dataKey={`${m.key}_ci`} direction="x" width={Math.max(3, barSize - 4)} stroke="var(--color-fg)" strokeWidth={1} />
            </Bar>
          ))}
          {/* reference baselines: a dashed line at their figure on the first metric, never a bar among the systems */}
          {references.map((r) => (
            <ReferenceLine key={r.id} x={r.value} stroke="var(--chart-axis)" strokeDasharray="2 3" ifOverflow="extendDomain" />
          ))}
          <ReferenceLabels references={references} />
        </BarChart>
      </div>
    </div>
  );
}

/** The reference lines' labels, one per line in the strip above the plot, inside the chart (referenceLabelBoxes). */
function ReferenceLabels({ references }: { references: NonNullable<GroupedBars["references"]> }) {
  const area = usePlotArea();
  const scale = useXAxisScale();
  if (!area || !scale || references.length === 0) return null;
  // the scale answers NaN for a value before the axis has its domain (the first render): such a label waits
  const refs = references.map((r) => ({ id: r.id, x: Number(scale(r.value)), text: `${r.name}: ${fmt(r.value)}` })).filter((r) => Number.isFinite(r.x));
  const boxes = referenceLabelBoxes(refs, area.y, area.x + area.width + 16, REFERENCE_FONT);
  return (
    <g pointerEvents="none" data-reference-labels="">
      {boxes.map((b) => (
        <text key={b.id} x={b.x} y={b.y + b.h / 2} dominantBaseline="central" fontSize={REFERENCE_FONT} fill="var(--chart-axis)" data-reference-label={b.text}>
          {b.text}
        </text>
      ))}
    </g>
  );
}

/** A system's name on the axis: its wrapped lines right-aligned, the tier mark after them, bold and ringed when pinned. */
function NameTick({ x, y, item, lines }: { x: number; y: number; item: BarItem | undefined; lines: string[] }) {
  const top = -((lines.length - 1) * LINE_HEIGHT) / 2;
  return (
    <g transform={`translate(${x},${y})`} data-bar-name={item?.label} data-pinned={item?.pinned ? "true" : undefined}>
      <title>{item?.label}</title>
      {lines.map((line, i) => (
        <text
          key={i}
          x={-MARK_ROOM}
          y={top + i * LINE_HEIGHT}
          dominantBaseline="central"
          textAnchor="end"
          fontSize={TICK_FONT}
          fontWeight={item?.pinned ? 700 : 400}
          fill={item?.pinned ? "var(--color-fg)" : "var(--chart-axis)"}
        >
          {line}
        </text>
      ))}
      {item ? <TierShape tier={item.tier} cx={-9} cy={0} r={4} /> : null}
      {item?.pinned ? <circle cx={-9} cy={0} r={6.5} fill="none" stroke="var(--color-fg)" strokeWidth={1.5} /> : null}
    </g>
  );
}
