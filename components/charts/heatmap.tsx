import { cellTitle, type HeatmapData } from "@/lib/leaderboard/charts/heatmap-data";
import { VIRIDIS_STOPS } from "@/lib/leaderboard/charts/color-scale";
import { TierIcon, TierMarkLegend } from "./tier-marks";

/**
 * A heat map as a CSS grid: one viridis scale with its legend, the value printed in each cell in a text colour
 * chosen for contrast with that cell. A cell has no room for an error bar: its 95% interval is in its title
 * (hover) and in the figure's data table. The grid is one image to assistive technology (role="img" with a
 * summary); the figure's data table carries the numbers and their intervals.
 */
export function Heatmap({ id, data, label, rowHeader }: { id: string; data: HeatmapData; label: string; rowHeader: string }) {
  // The label column shares the width with the cells (a fixed maximum would take every spare pixel first).
  const template = `minmax(5rem, 1.6fr) repeat(${data.columns.length}, minmax(2.4rem, 1fr))`;
  const [lo, hi] = data.domain;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <div role="img" aria-label={label} data-heatmap={id} className="num grid gap-px text-xs" style={{ gridTemplateColumns: template }}>
          <div className="px-1 py-1 text-fg-subtle">{rowHeader}</div>
          {data.columns.map((c) => (
            // long ids ("mistral_weqweason", "oasst_deberta_v3") wrap inside their column instead of running into the next
            <div key={c.id} className="min-w-0 px-1 py-1 text-center leading-tight font-medium [overflow-wrap:anywhere] text-fg-muted" title={c.label}>
              {c.short ? (
                <>
                  <span className="sm:hidden">{c.short}</span>
                  <span className="hidden sm:inline">{c.label}</span>
                </>
              ) : (
                c.label
              )}
            </div>
          ))}
          {data.rows.map((row) => [
            // the whole name, wrapped (never clamped); the tier is the mark, explained by the legend below
            <div
              key={`${row.id}-label`}
              className={`flex items-center gap-1.5 self-center py-1 pr-2 ${row.pinned ? "font-semibold text-fg" : "text-fg"}`}
              title={row.label}
              data-heat-row={row.label}
              data-pinned={row.pinned ? "true" : undefined}
            >
              {row.tier ? <TierIcon tier={row.tier} /> : null}
              <span className={`leading-tight break-words ${row.pinned ? "rounded-sm outline-[1.5px] outline-fg outline-offset-1" : ""}`}>
                {row.name ?? row.label}
              </span>
            </div>,
            ...row.cells.map((cell, i) => (
              <div
                key={`${row.id}-${i}`}
                data-heat-cell=""
                data-row={row.label}
                data-col={data.columns[i]?.label}
                data-value={cell.value ?? ""}
                data-ci={cell.interval ? cell.interval.join(",") : undefined}
                title={`${row.name ?? row.label} · ${data.columns[i]?.label ?? ""}: ${cellTitle(cell, data.decimals)}`}
                className={`flex items-center justify-center rounded-sm py-1.5 font-medium ${cell.background ? "" : "border border-dashed border-line text-fg-subtle"}`}
                style={cell.background ? { background: cell.background, color: cell.color ?? undefined } : undefined}
              >
                {cell.text}
              </div>
            )),
          ])}
        </div>
      </div>
      {data.rows.some((r) => r.tier) ? (
        <TierMarkLegend tiers={[...new Set(data.rows.flatMap((r) => (r.tier ? [r.tier] : [])))]} pinned={data.rows.some((r) => r.pinned)} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span className="num">{lo.toFixed(1)}</span>
        <span
          aria-hidden="true"
          className="h-3 w-40 max-w-full rounded-sm border border-line"
          style={{ background: `linear-gradient(to right, ${VIRIDIS_STOPS.join(", ")})` }}
        />
        <span className="num">{hi.toFixed(1)}</span>
        <span>colour scale (viridis), low to high; “–” = no figure</span>
      </div>
    </div>
  );
}
