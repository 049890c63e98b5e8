/** Series colours (components/charts/chart-theme.css): CSS variables, so a theme switch recolours without a re-render. */
const SERIES_COLORS = [
  "var(--chart-1)",
  "var(--chart-2)",
  "var(--chart-3)",
  "var(--chart-4)",
  "var(--chart-5)",
  "var(--chart-6)",
  "var(--chart-7)",
  "var(--chart-8)",
] as const;

/** Beyond eight series the colours repeat, so the line style changes with each round of the palette. */
const DASHES = [undefined, "6 3", "2 3", "8 3 2 3"] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length]!;
}

export function seriesDash(index: number): string | undefined {
  return DASHES[Math.floor(index / SERIES_COLORS.length) % DASHES.length];
}

export const AXIS = {
  tick: { fill: "var(--chart-axis)", fontSize: 12 },
  stroke: "var(--chart-grid)",
} as const;

export const TOOLTIP_STYLE = {
  contentStyle: { background: "var(--chart-tooltip-bg)", border: "1px solid var(--color-line)", borderRadius: 6, color: "var(--color-fg)", fontSize: 12 },
  labelStyle: { color: "var(--color-fg)", fontWeight: 600 },
  itemStyle: { color: "var(--color-fg)" },
} as const;

/** Ticks every 0.2 on a 0–1 axis: Recharts' own choice (0.25 steps) reads wrongly when printed to one decimal. */
export const UNIT_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];
