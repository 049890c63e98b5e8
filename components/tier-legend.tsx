"use client";

import { TIER_ORDER } from "@/lib/leaderboard/tier";
import type { ResultTier } from "@/lib/leaderboard/types";
import { TIER_DESCRIPTION, TierBadge } from "./tier-badge";

/**
 * Explains how far to trust each row: copied, re-scored here from the authors' outputs, uploaded, or uploaded and
 * checked. `tiers`: show only these (e.g. the ones present in a table); default all of them. A client component only
 * so a page ships its `tiers`, not every element of the legend again in the flight payload beside the same markup.
 */
export function TierLegend({ tiers }: { tiers?: readonly ResultTier[] }) {
  const shown = TIER_ORDER.filter((tier) => !tiers || tiers.includes(tier));
  return (
    <section aria-label="Result tiers" className="text-sm text-fg-muted">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
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
