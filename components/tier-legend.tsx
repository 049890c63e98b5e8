import { TIER_ORDER } from "@/lib/leaderboard/tier";
import type { ResultTier } from "@/lib/leaderboard/types";
import { TIER_DESCRIPTION, TierBadge } from "./tier-badge";

interface TierLegendProps {
  /** show only these tiers (e.g. the ones present in a table); default all four */
  tiers?: readonly ResultTier[];
  /** "stack" for a side panel or the About page, "inline" under a table */
  layout?: "stack" | "inline";
  className?: string;
}

/** Explains how far to trust each row: copied, re-scored here from the authors' outputs, uploaded, or uploaded and checked. */
export function TierLegend({ tiers, layout = "inline", className = "" }: TierLegendProps) {
  const shown = TIER_ORDER.filter((tier) => !tiers || tiers.includes(tier));
  return (
    <section aria-label="Result tiers" className={`text-sm text-fg-muted ${className}`}>
      <dl className={layout === "inline" ? "grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4" : "grid gap-3"}>
        {shown.map((tier) => (
          <div key={tier} className="flex flex-col gap-1">
            <dt>
              <TierBadge tier={tier} />
            </dt>
            <dd className="text-[0.8125rem] leading-snug">{TIER_DESCRIPTION[tier]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
