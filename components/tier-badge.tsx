import { safeHttpUrl } from "@/lib/security/safe-url";
import type { ResultTier } from "@/lib/leaderboard/types";

export const TIER_LABEL: Record<ResultTier, string> = {
  reported: "reported",
  rescored: "re-scored",
  verified: "verified",
};

/** One sentence per tier; shared by the badge tooltip and components/tier-legend.tsx. */
export const TIER_DESCRIPTION: Record<ResultTier, string> = {
  reported:
    "Figures copied from the authors' paper or official leaderboard. This server has not recomputed them.",
  rescored: "Scored by this server with its versioned AlpsBench scorer, from uploaded predictions or model outputs the authors released.",
  verified: "Re-scored by this server, and the submission was checked by a maintainer.",
};

const TIER_CLASS: Record<ResultTier, string> = {
  reported: "bg-tier-reported-bg text-tier-reported-fg border-tier-reported-line",
  rescored: "bg-tier-rescored-bg text-tier-rescored-fg border-tier-rescored-line",
  verified: "bg-tier-verified-bg text-tier-verified-fg border-tier-verified-line",
};

/** Only http(s) links are rendered as links: a source URL is data, never script. */
export const safeExternalUrl = safeHttpUrl;

function TierIcon({ tier }: { tier: ResultTier }) {
  // A shape per tier, so the badge does not rely on colour alone.
  const common = {
    "aria-hidden": true,
    width: 10,
    height: 10,
    viewBox: "0 0 10 10",
    className: "shrink-0",
  } as const;
  if (tier === "reported") {
    return (
      <svg {...common}>
        <path d="M1.5 1.5h7v5h-4l-2.5 2v-2h-.5z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
      </svg>
    );
  }
  if (tier === "rescored") {
    return (
      <svg {...common}>
        <path d="M8.2 4.2A3.3 3.3 0 1 0 7.6 7" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        <path d="M8.6 1.4v3h-3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M1.6 5.3l2.2 2.2 4.6-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface TierSourceProps {
  sourceUrl?: string | null;
  sourceLabel?: string | null;
  className?: string;
}

/** Where reported figures come from: an external link when the URL is http(s), plain text otherwise. */
export function TierSource({ sourceUrl, sourceLabel, className = "" }: TierSourceProps) {
  const href = safeExternalUrl(sourceUrl);
  const label = sourceLabel?.trim() || "source";
  if (href) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={`text-[0.6875rem] leading-4 text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent ${className}`}
        title={`Source of the reported figures: ${label}`}
      >
        {label}
        <span aria-hidden="true"> ↗</span>
        <span className="sr-only"> (source of the reported figures, opens in a new tab)</span>
      </a>
    );
  }
  if (!sourceLabel) return null;
  return <span className={`text-[0.6875rem] leading-4 text-fg-subtle ${className}`}>{sourceLabel}</span>;
}

export interface TierBadgeProps {
  tier: ResultTier;
  /** for reported rows: where the figures come from; rendered next to the badge (see TierSource) */
  sourceUrl?: string | null;
  sourceLabel?: string | null;
  className?: string;
}

export function TierBadge({ tier, sourceUrl, sourceLabel, className = "" }: TierBadgeProps) {
  const showSource = tier === "reported" && Boolean(sourceUrl || sourceLabel);
  return (
    <span className={`inline-flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5 ${className}`}>
      <span
        className={`inline-flex items-center gap-1 rounded-full border px-1.5 py-px text-[0.6875rem] leading-4 font-medium whitespace-nowrap ${TIER_CLASS[tier]}`}
        title={TIER_DESCRIPTION[tier]}
      >
        <TierIcon tier={tier} />
        {TIER_LABEL[tier]}
      </span>
      {showSource ? <TierSource sourceUrl={sourceUrl} sourceLabel={sourceLabel} /> : null}
    </span>
  );
}
