import { safeHttpUrl } from "@/lib/security/safe-url";
import type { ResultTier } from "@/lib/leaderboard/types";

/**
 * What the UI says about a tier, one entry per tier: label, hover note and sentence. Its colours, row stripe and
 * icon (a shape per tier, so it never relies on colour alone) are in app/globals.css by `data-tier` (.lb-tier,
 * .tier-badge, the row stripes); a new tier is one more entry here and its rules there.
 */
const TIERS: Record<ResultTier, { label: string; hint: string; description: string }> = {
  reported: {
    label: "reported",
    hint: "copied from the source, not recomputed here",
    description: "Figures copied from the authors' paper or official leaderboard. This server has not recomputed them.",
  },
  rescored: {
    label: "re-scored",
    hint: "scored by this server from the authors' released outputs",
    description: "Scored by this server with the benchmark's versioned scorer, from the model outputs the authors released (or the server's own baselines).",
  },
  submitted: {
    label: "submitted",
    hint: "uploaded by a user, scored here, not reviewed",
    description: "Uploaded by a user and scored by this server; not reviewed by a maintainer. The uploader and the date show on the row.",
  },
  claimed: {
    label: "claimed",
    hint: "a third party's figures, imported from its file, not checked here",
    description:
      "Figures an operator imported from another party's Every Eval Ever file (the source and who measured them show beside the row). This server has not recomputed or checked them.",
  },
  verified: {
    label: "verified",
    hint: "uploaded, scored here and checked by a maintainer",
    description: "Uploaded, scored by this server, and checked by a maintainer.",
  },
};

/** Unknown values (a newer server's tier in old data) still render: a neutral dot and the raw name. */
function tierInfo(tier: string) {
  return (
    TIERS[tier as ResultTier] ?? {
      label: tier,
      hint: "result tier",
      description: `Result tier "${tier}".`,
    }
  );
}

export const TIER_LABEL = Object.fromEntries(Object.entries(TIERS).map(([k, v]) => [k, v.label])) as Record<ResultTier, string>;

/** One sentence per tier; shared by the badge tooltip and components/tier-legend.tsx. */
export const TIER_DESCRIPTION = Object.fromEntries(Object.entries(TIERS).map(([k, v]) => [k, v.description])) as Record<ResultTier, string>;

/** Only http(s) links are rendered as links: a source URL is data, never script. */
export const safeExternalUrl = safeHttpUrl;

/** Where reported figures come from: an external link when the URL is http(s), plain text otherwise. */
export function TierSource({ sourceUrl, sourceLabel }: { sourceUrl?: string | null; sourceLabel?: string | null }) {
  const href = safeExternalUrl(sourceUrl);
  const label = sourceLabel?.trim() || "source";
  if (href) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-[0.6875rem] leading-4 text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
        title={`Source of the reported figures: ${label}`}
      >
        {label}
        <span aria-hidden="true"> ↗</span>
        <span className="sr-only"> (source of the reported figures, opens in a new tab)</span>
      </a>
    );
  }
  if (!sourceLabel) return null;
  return <span className="text-[0.6875rem] leading-4 text-fg-subtle">{sourceLabel}</span>;
}

interface TierBadgeProps {
  tier: ResultTier;
  /** for reported rows: where the figures come from; rendered next to the badge (see TierSource) */
  sourceUrl?: string | null;
  sourceLabel?: string | null;
}

export function TierBadge({ tier, sourceUrl, sourceLabel }: TierBadgeProps) {
  const showSource = (tier === "reported" || tier === "claimed") && Boolean(sourceUrl || sourceLabel);
  // colours and icon from the stylesheet by data-tier (app/globals.css .tier-badge): the utilities and inline SVG
  // were ~450 bytes per badge, twice (markup and flight payload), and a comparison shows one per system and task
  const badge = (
    <span className="tier-badge" data-tier={tier} title={tierInfo(tier).description}>
      {tierInfo(tier).label}
    </span>
  );
  if (!showSource) return badge;
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5">
      {badge}
      <TierSource sourceUrl={sourceUrl} sourceLabel={sourceLabel} />
    </span>
  );
}

/** The hover note of a row's tier mark: short (the legend under the table has the full sentence). */
export function tierMarkNote(tier: ResultTier, sourceLabel?: string | null): string {
  const info = tierInfo(tier);
  const source = sourceLabel?.trim();
  return `${info.label}: ${info.hint}${source ? `\nSource: ${source}` : ""}`;
}

/**
 * The tier in a dense table row: the icon alone in its tier colours, the label and description in the tooltip
 * and for screen readers. For reported rows with an http(s) source it links to that source.
 */
export function TierMark({ tier, sourceUrl }: TierBadgeProps) {
  const info = tierInfo(tier);
  const href = tier === "reported" || tier === "claimed" ? safeExternalUrl(sourceUrl) : null;
  // The icon and colours come from the stylesheet by data-tier (app/globals.css .lb-tier), not an inline SVG per
  // row; the hover note (tierMarkNote) is written when the pointer or focus reaches the mark, not on every row.
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" data-tier={tier} className="lb-tier">
        <span className="sr-only">{`${info.label}, source (new tab)`}</span>
      </a>
    );
  }
  return (
    <span data-tier={tier} className="lb-tier">
      <span className="sr-only">{info.label}</span>
    </span>
  );
}
