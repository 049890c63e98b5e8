import { coverageMark } from "@/lib/submissions/coverage-text";
import Link from "next/link";
import type { LeaderboardColumn, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import { formatCount, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { KIND_LABEL } from "./kind-badge";
import { TierMark, TierSource } from "./tier-badge";
import { SITE } from "@/lib/platform/site";

/* Presentational pieces of components/leaderboard-table.tsx. */

export function directionText(metric: LeaderboardColumn): string {
  return metric.direction === "higher" ? "higher is better" : "lower is better";
}

function missingText(metric: LeaderboardColumn): string {
  return metric.kind === "judge" ? "not judged" : "not reported";
}

/** The hover note of a value: interval, n, the judge profile behind a judge number, and what a re-score moved. */
export function cellTooltip(metric: LeaderboardColumn, cell: MetricCell | undefined): string {
  const value = formatMetric(cell?.value, metric.decimals);
  if (value === null) return `${metric.label}: ${missingText(metric)}`;
  const lines = [`${metric.label} = ${value} (${directionText(metric)})`];
  const interval = cell ? formatInterval(cell.ciLow, cell.ciHigh, metric.decimals) : null;
  if (interval) lines.push(`95% CI ${interval}`);
  const n = formatCount(cell?.n);
  if (n) lines.push(`n = ${n}`);
  if (metric.kind === "judge") lines.push(`judge: ${cell?.judgeProfile ?? "unknown profile"}`);
  const was = cell?.previous ? formatMetric(cell.previous.value, metric.decimals) : null;
  if (cell?.previous) lines.push(`was ${was ?? "—"} under ${cell.previous.scoreVersion} (re-scored)`);
  if (cell?.reportedBy) lines.push(`reported by ${cell.reportedBy}, not computed here (this server has no figure of its own for it)`);
  if (cell?.otherReported) {
    // the publications disagree: the table ranks by the figure shown, and says what the other one printed
    const other = formatMetric(cell.otherReported.value, metric.decimals) ?? String(cell.otherReported.value);
    lines.push(`${cell.otherReported.source} reported ${other} (ranked by the figure shown${cell.reportedBy ? "" : ", computed here"}; see About)`);
  }
  return lines.join("\n");
}

/**
 * ▲/▼ and the change since the previous score version, when a re-score moved this value. The arrow and its
 * words for screen readers ("up by", "down by") come from the stylesheet (app/globals.css .lb-up/.lb-down),
 * and the version is in the value's hover note: one short element per moved cell, not five.
 */
export function MovedMark({ metric, cell }: { metric: LeaderboardColumn; cell: MetricCell | undefined }) {
  const before = cell?.previous?.value;
  const now = cell?.value;
  if (before === undefined || before === null || now === null || now === undefined) return null;
  const delta = now - before;
  if (formatMetric(Math.abs(delta), metric.decimals) === formatMetric(0, metric.decimals)) return null;
  const better = metric.direction === "higher" ? delta > 0 : delta < 0;
  // the thin space keeps the cell's text a number followed by another ("0.6213 0.1214"), not one long number
  return <em className={`${delta > 0 ? "lb-up" : "lb-down"}${better ? "" : " lb-worse"}`}>{`\u2009${formatMetric(Math.abs(delta), metric.decimals)}`}</em>;
}

/* SortMark and JudgeTag are in every header cell: short classes (app/globals.css), not utility strings. */
export function SortMark({ state }: { state: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className={state ? "lb-sort lb-sorted" : "lb-sort"}>
      {state === "desc" ? "▼" : state === "asc" ? "▲" : "⇅"}
    </span>
  );
}

export function JudgeTag() {
  return <span className="lb-judge">judge</span>;
}

/** The organisation, kind, backbone and open weights of a row, as the system cell shows or reads them. */
function detailsOf(row: LeaderboardRow): string[] {
  return [
    row.organisation,
    KIND_LABEL[row.kind],
    row.backbone && row.backbone !== row.systemName ? row.backbone : null,
    row.openWeights ? "open weights" : null,
    paramsText(row.facts),
    row.facts?.license ? `licence ${row.facts.license}` : null,
  ].filter((part): part is string => Boolean(part));
}

/** "8B params", "47B params (13B active)": a model's size as its row shows it, or null when unknown. */
function paramsText(facts: LeaderboardRow["facts"]): string | null {
  if (!facts || facts.paramsB === null) return null;
  const active = facts.activeParamsB !== null && facts.activeParamsB !== facts.paramsB ? ` (${facts.activeParamsB}B active)` : "";
  return `${facts.paramsB}B params${active}`;
}

/** The hover note of a system's name: its details, source and note. */
export function systemTooltip(row: LeaderboardRow): string {
  // the uploader too: a phone's compact row has no room for it (app/globals.css .lb-by)
  return [
    row.systemName,
    detailsOf(row).join(" · "),
    row.sourceLabel ? `Source: ${row.sourceLabel}` : null,
    row.note ? `Note: ${row.note}` : null,
    row.submittedBy ? submittedText(row) : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The hover note of a mark beside a system's name (reference row, below a reference, reported figures beside),
 * written on hover from the row's data like the other notes (leaderboard-table-body.tsx hoverNote): in the HTML,
 * the same long sentences were on every marked row, in the markup and again in the flight payload.
 */
export function markNote(mark: Element, row: LeaderboardRow): string | null {
  if (mark.hasAttribute("data-ref-rank")) return "Reference baseline: drawn where it lands, never ranked";
  if (mark.hasAttribute("data-baseline-mark"))
    return "A reference row computed by this server from the data and scored by the same scorer as every upload. Shown where its figures put it; never ranked.";
  if (mark.hasAttribute("data-below-baseline") && row.belowBaseline)
    return `Does not beat the reference row "${row.belowBaseline.system}" (${row.belowBaseline.value}) on this board's headline: doing nothing scores as well.`;
  if (mark.hasAttribute("data-below-contentless") && row.belowContentless)
    return `Does not beat the contentless reference row "${row.belowContentless.system}" (${row.belowContentless.value}): a file with no content scores as well. Ranked where its figures put it, with this mark, whatever its tier.`;
  if (mark.hasAttribute("data-reported-beside") && row.reported)
    return `Re-scored here from the authors' released outputs; the authors' reported figures (${row.reported.sourceLabel ?? "reported"}) stand beside the server's in each cell's note, and fill the cells the server has no figure for (marked "reported"). The server's figure ranks where it has one.`;
  return null;
}

/** The marks markNote writes the hover note of. */
export const MARK_SELECTOR = "[data-ref-rank], [data-baseline-mark], [data-below-baseline], [data-below-contentless], [data-reported-beside]";

export const submittedText = (row: LeaderboardRow) => `Submitted by ${row.submittedBy}${row.submittedAt ? ` on ${row.submittedAt.slice(0, 10)}` : ""}`;
export const PIN_TITLE = "Pin to the top while sorting and filtering";

type Density = "compact" | "comfortable";

/**
 * The row header. Compact: one line (name, tier icon, pin); organisation, kind, backbone, source and note are in
 * the name's tooltip and read to screen readers. A name cut to fit shows whole when focused (a tap on a phone), and
 * a linked name opens the system page, which shows it whole. Comfortable: the same details on a second line.
 * The hover notes (title) of the name, the uploader and the pin button are not in the page's HTML: the table
 * sets them when the pointer or focus reaches them (leaderboard-table-body.tsx, hoverNote), as for the value cells.
 */
export function SystemCell({
  row,
  pinned,
  onTogglePin,
  density,
  pinnable,
}: {
  row: LeaderboardRow;
  pinned: boolean;
  onTogglePin: () => void;
  density: Density;
  /** false in the server's HTML: a pin button does nothing without JavaScript, and 50 of them were 7 KB of a page */
  pinnable: boolean;
}) {
  const details = detailsOf(row);
  const line = (
    <span className="lb-line">
      {row.systemPage === false ? (
        // a reported run configuration or a computed baseline: no system page to link to. Focusable in compact rows,
        // where a long name is cut: a tap (or Tab) shows it whole (app/globals.css), as phones have no hover note
        <span className="lb-name" tabIndex={density === "compact" ? 0 : undefined}>
          {row.systemName}
        </span>
      ) : (
        <Link href={`/systems/${encodeURIComponent(row.systemSlug)}`} prefetch={false} className="lb-name">
          {row.systemName}
        </Link>
      )}
      {density === "compact" ? <span className="sr-only">{`, ${details.join(", ")}`}</span> : null}
      <TierMark tier={row.tier} sourceUrl={row.sourceUrl} sourceLabel={row.sourceLabel} />
      {row.submittedBy ? (
        // who uploaded a submitted/verified row and when: on every such row, in both densities (not in a phone's
        // compact row, where the name needs the room; then in the name's hover note)
        <span className="lb-by" data-submitted-by>
          {`by ${row.submittedBy}${row.submittedAt ? `, ${row.submittedAt.slice(0, 10)}` : ""}`}
        </span>
      ) : null}
      {row.rewardsFromService ? (
        // the server's reward service, not the submitter, supplied (some of) this row's reward scores
        <span
          className="lb-by"
          data-rewards-from-service
          title="Some reward scores of this upload were computed by this server's reward-model service under this profile"
        >
          {`rewards from service: ${row.rewardsFromService}`}
        </span>
      ) : null}
      {row.syntheticData ? (
        <span
          className="lb-by"
          data-synthetic-mark
          title="Scored on this server's synthetic evaluation set (generated for tests and demos, not the benchmark's real data): not comparable with the real runs, never ranked."
        >
          synthetic data
        </span>
      ) : null}
      {row.coverage ? (
        <span
          className="lb-by font-medium text-amber-800 dark:text-amber-300"
          data-coverage-mark
          title={`The file had rows for ${row.coverage.covered.toLocaleString("en-US")} of the track's ${row.coverage.expected.toLocaleString("en-US")} instances; the others are scored as empty predictions.`}
        >
          {coverageMark(row.coverage)}
        </span>
      ) : null}
      {row.flag ? <FlagMark flag={row.flag} /> : null}
      {row.kind === "baseline" ? (
        <span data-baseline-mark className="lb-by">
          reference, unranked
        </span>
      ) : null}
      {row.belowBaseline ? (
        <span
          data-below-baseline
          // a line of small text like the uploader's, not a pill: a compact row stays within two lines
          className="lb-by font-medium text-amber-800 dark:text-amber-300"
        >
          {`≤ ${row.belowBaseline.system.replace(/ \(baseline\)$/, "").toLowerCase()}`}
        </span>
      ) : null}
      {row.belowContentless ? (
        <span data-below-contentless className="lb-by font-medium text-amber-800 dark:text-amber-300">
          {`below ${row.belowContentless.system.replace(/ \(baseline\)$/, "").toLowerCase()}`}
        </span>
      ) : null}
      {row.reported ? (
        <span data-reported-beside className="lb-by">
          {`+ reported: ${row.reported.sourceLabel ?? "paper"}`}
        </span>
      ) : null}
      {row.review && row.review.state !== "approved" ? (
        <span data-review={row.review.state} className="lb-by font-medium text-amber-800 dark:text-amber-300" title={row.review.reason ?? undefined}>
          {row.review.state === "pending" ? "pending review, unranked" : `rejected: ${row.review.reason ?? ""}`}
        </span>
      ) : null}
      {row.review?.state === "approved" ? (
        <span data-review="approved" className="lb-by" title={`Approved by a moderator: ${row.review.note ?? ""}`}>
          reviewed
        </span>
      ) : null}
      {pinnable ? (
        <button
          type="button"
          onClick={onTogglePin}
          aria-pressed={pinned}
          aria-label={`${pinned ? "Unpin" : "Pin"} ${row.systemName}${pinned ? "" : " to the top"}`}
          data-pin={row.rowId}
          className="lb-pin"
        />
      ) : (
        // the server's HTML keeps the button's room: drawn on hydration into a name's line, it wrapped names that had
        // just fitted (PersonalLLM's logged runs: four rows grew to two lines, 14 of 15 rows left on the first screen)
        <span aria-hidden="true" className="lb-pin invisible" />
      )}
    </span>
  );
  if (density === "compact") return line;
  return (
    <div className="flex min-w-0 flex-col">
      {line}
      <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-fg-muted">
        <span className="truncate" title={details.join(" · ")}>
          {details.join(" · ")}
        </span>
        {row.tier === "reported" || row.tier === "claimed" ? <TierSource sourceUrl={row.sourceUrl} sourceLabel={row.sourceLabel} /> : null}
        {row.packUrl ? (
          <a
            href={row.packUrl}
            data-pack-link
            className="text-accent underline underline-offset-2"
            title={`Reproducibility pack: manifest, per-instance results and (where published) predictions; \`${SITE.cliName} verify\` re-scores it offline`}
          >
            pack
          </a>
        ) : null}
        {row.itemsUrl ? (
          <a
            href={row.itemsUrl}
            data-items-link
            className="text-accent underline underline-offset-2"
            title="Per-instance items: predictions, public-split gold and judge verdicts, searchable"
          >
            items
          </a>
        ) : null}
        {row.note ? (
          <span className="line-clamp-2 text-fg-subtle" title={row.note}>
            <span className="font-medium">Note:</span> {row.note}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** A check's flag of the row's run (LeaderboardRow.flag): why the row is not ranked, what it found in its hover note. */
function FlagMark({ flag }: { flag: NonNullable<LeaderboardRow["flag"]> }) {
  return (
    <span
      data-flag={flag.label}
      className="inline-flex w-fit items-center gap-1 rounded border border-rose-300 bg-rose-50 px-1.5 py-px text-[0.6875rem] leading-4 font-medium text-rose-800 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-200"
      title={flag.detail}
    >
      <span aria-hidden="true">⚑</span> flagged: {flag.label}
      <span className="sr-only">. {flag.detail}</span>
    </span>
  );
}

export function TableKey({ hasJudge, hasCi }: { hasJudge: boolean; hasCi: boolean }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      <span>
        <span aria-hidden="true">↑ / ↓</span> higher / lower is better
      </span>
      {hasJudge ? (
        <span className="inline-flex items-center gap-1">
          <JudgeTag /> scored by an LLM judge (hover a value for the judge profile)
        </span>
      ) : null}
      {hasCi ? <span>± half-width of the 95% bootstrap CI (hover a value for the interval and n)</span> : null}
      <span>▲ / ▼ change since the previous scorer version (hover a value for it)</span>
      <span>— {hasJudge ? "not reported / not judged" : "not reported"}</span>
      <span>bold: best in column</span>
      <span>ranks: ties at the precision shown share a rank</span>
    </p>
  );
}
