import Link from "next/link";
import { STRUCTURE_ONLY_THRESHOLD } from "@/lib/benchmarks/alpsbench/contamination/structure-only";
import type { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * The contamination check's figures on a Task 1 submission: a flag (why the run is not ranked) when they pass
 * the threshold, a plain line otherwise. See SCORING.md "A leak across tasks".
 */
export function ContaminationNotice({ figures }: { figures: ContaminationFigures }) {
  const detail = (
    <>
      {pct(figures.publicShare)} of its {figures.values.toLocaleString("en-US")} distinct predicted memory values contain a value of other tracks&apos; public inputs
      (compared without case, spacing, punctuation or look-alike characters) (Task 2 memory pools {pct(figures.task2InputShare)}, Task 3 candidate lists{" "}
      {pct(figures.task3CandidateShare)}), and {pct(figures.submissionShare)} in one earlier submission of another system
      {figures.submissionId ? (
        <>
          {" "}
          (
          <Link href={`/submissions/${encodeURIComponent(figures.submissionId)}`} className="underline underline-offset-2">
            this one
          </Link>
          )
        </>
      ) : null}
      .
      {figures.dialogue ? (
        <>
          {" "}
          Compared with the memories other tracks show for each row&apos;s own dialogue by the scorer&apos;s value similarity (at least {figures.dialogue.similarity}
          , whatever the word order): {pct(figures.dialogue.matchedShare)} of its {figures.dialogue.items.toLocaleString("en-US")} predicted items match one, and
          they cover {pct(figures.dialogue.coveredShare)} of those {figures.dialogue.publicValues.toLocaleString("en-US")} memories.
        </>
      ) : null}{" "}
      Threshold: {pct(figures.threshold)}.
      {figures.structureOnly ? (
        <span data-structure-only={figures.structureOnly.share}>
          {" "}
          Paired by the scorer on label and type alone (value similarity below {figures.structureOnly.valueBelow}): {pct(figures.structureOnly.share)} of those{" "}
          {figures.structureOnly.publicValues.toLocaleString("en-US")} memories
          {figures.structureOnly.split ? `, reached by its ${figures.structureOnly.split} rows alone` : ""} (threshold {pct(STRUCTURE_ONLY_THRESHOLD)}).
        </span>
      ) : null}
      {figures.split ? (
        <>
          {" "}
          Its {figures.split.name} rows alone: {pct(figures.split.publicShare)} of {figures.split.values.toLocaleString("en-US")} values
          {figures.split.matchedShare !== undefined
            ? `, ${pct(figures.split.matchedShare)} of items and ${pct(figures.split.coveredShare ?? 0)} of memories matched in their own dialogue`
            : ""}{" "}
          (each split is checked on its own, so values on one split cannot dilute a copy on another).
        </>
      ) : null}
    </>
  );
  if (!figures.flagged) {
    return (
      <p className="text-sm text-fg-muted" data-contamination="clean">
        Contamination check passed: {detail}
      </p>
    );
  }
  return (
    <p
      role="note"
      data-contamination="flagged"
      className="rounded-lg border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      <strong className="font-semibold">Flagged: possible contamination, not ranked.</strong> {detail} Task 1 gold can be read from other tracks&apos; inputs, so
      such a run is listed only when the leaderboard&apos;s &ldquo;show flagged runs&rdquo; filter is on.
    </p>
  );
}
