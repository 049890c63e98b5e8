import type { ResultTier } from "@/lib/leaderboard/types";

/**
 * The source tier of a chart's mark, as a shape and colour: the scatter's markers use them, and the bar chart
 * and heat maps draw the same shape beside a system's name, so names carry no "(re-scored)" suffix and the
 * tier is read from one legend.
 */
export const TIER_MARKS: { tier: ResultTier; name: string; shape: "circle" | "diamond" | "square" | "triangle"; color: string }[] = [
  { tier: "reported", name: "Reported", shape: "circle", color: "var(--chart-5)" },
  { tier: "rescored", name: "Re-scored here", shape: "diamond", color: "var(--chart-1)" },
  { tier: "verified", name: "Verified", shape: "square", color: "var(--chart-3)" },
  { tier: "submitted", name: "Submitted (unreviewed)", shape: "triangle", color: "var(--chart-4)" },
  { tier: "claimed", name: "Claimed (imported, unchecked)", shape: "circle", color: "var(--chart-2)" },
];

function tierMark(tier: ResultTier) {
  return TIER_MARKS.find((m) => m.tier === tier) ?? TIER_MARKS[0]!;
}

/** The tier's shape centred on (cx, cy), `r` its half size, as SVG (inside a chart's SVG or a small inline one). */
export function TierShape({ tier, cx, cy, r }: { tier: ResultTier; cx: number; cy: number; r: number }) {
  const { shape, color } = tierMark(tier);
  if (shape === "circle") return <circle cx={cx} cy={cy} r={r} fill={color} />;
  if (shape === "square") return <rect x={cx - r * 0.85} y={cy - r * 0.85} width={r * 1.7} height={r * 1.7} fill={color} />;
  if (shape === "triangle") return <polygon points={`${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`} fill={color} />;
  return <polygon points={`${cx},${cy - r * 1.15} ${cx + r * 0.8},${cy} ${cx},${cy + r * 1.15} ${cx - r * 0.8},${cy}`} fill={color} />;
}

/** A tier's shape as a small inline image with its name for assistive technology. */
export function TierIcon({ tier, size = 10 }: { tier: ResultTier; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" role="img" aria-label={tierMark(tier).name} className="inline-block shrink-0 align-baseline">
      <TierShape tier={tier} cx={6} cy={6} r={5} />
    </svg>
  );
}

/** The legend of the tiers present, and of the pinned-row outline when any row is pinned. */
export function TierMarkLegend({ tiers, pinned = false }: { tiers: readonly ResultTier[]; pinned?: boolean }) {
  const shown = TIER_MARKS.filter((m) => tiers.includes(m.tier));
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-muted" data-tier-legend="">
      {shown.map((m) => (
        <li key={m.tier} className="inline-flex items-center gap-1.5">
          <TierIcon tier={m.tier} /> {m.name}
        </li>
      ))}
      {pinned ? (
        <li className="inline-flex items-center gap-1.5">
          <svg width="12" height="12" aria-hidden="true">
            <circle cx="6" cy="6" r="4.5" fill="none" stroke="var(--color-fg)" strokeWidth="1.5" />
          </svg>
          <strong className="font-semibold text-fg">Pinned</strong> in the table
        </li>
      ) : null}
    </ul>
  );
}
