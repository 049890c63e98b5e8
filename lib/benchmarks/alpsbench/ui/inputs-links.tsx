import { TRACK_IDS, TRACK_LABELS, taskOf, trackSlug, type TaskId, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

const SPLITS = ["dev", "validation", "test"] as const;

/**
 * Downloads of a task's model inputs (never gold), one click each: every track of the task, per split and whole,
 * and a small example prediction file in the official row format. No account needed. Plain links to
 * /api/v1/inputs/<track>, which names the files after the data version, track and split.
 */
export function InputsLinks({
  tasks,
  benchmark,
  compact = false,
  note,
}: {
  tasks: readonly TaskId[];
  benchmark: string;
  compact?: boolean;
  /** e.g. why these are the demo's inputs */
  note?: string;
}) {
  const tracks = TRACK_IDS.filter((t) => tasks.includes(taskOf(t)));
  const href = (track: TrackId, split: string | null, example = false, gzipFile = false) => {
    const params = new URLSearchParams();
    if (benchmark !== "alpsbench-v1") params.set("benchmark", benchmark);
    if (split) params.set("split", split);
    const query = params.toString();
    return `/api/v1/inputs/${trackSlug(track)}${example ? "/example" : gzipFile ? ".jsonl.gz" : ""}${query ? `?${query}` : ""}`;
  };
  const link = "text-accent underline underline-offset-2";
  return (
    <section aria-labelledby="inputs-title" className="rounded-lg border border-line bg-surface p-4 text-sm" data-testid="inputs-links">
      <h2 id="inputs-title" className="font-semibold text-fg">
        Inputs {compact ? null : <span className="font-normal text-fg-muted">(what a system sees, never gold; JSON Lines; no account needed)</span>}
      </h2>
      {note ? <p className="mt-1 text-fg-muted">{note}</p> : null}
      <ul className="mt-2 space-y-1">
        {tracks.map((track) => (
          <li key={track} className="flex flex-wrap gap-x-3 gap-y-1">
            <span className="min-w-48 text-fg">{TRACK_LABELS[track]}</span>
            {SPLITS.map((split) => (
              <a key={split} href={href(track, split)} download className={link} aria-label={`${TRACK_LABELS[track]}: ${split} inputs`}>
                {split}
              </a>
            ))}
            <a href={href(track, null)} download className={link} aria-label={`${TRACK_LABELS[track]}: all inputs`}>
              all
            </a>
            {/* a file, saved compressed: the Task 3 pools are hundreds of MB as plain JSON */}
            <a href={href(track, null, false, true)} download className={link} aria-label={`${TRACK_LABELS[track]}: all inputs, gzipped`}>
              all (.jsonl.gz)
            </a>
            <a href={href(track, null, true)} download className={link} aria-label={`${TRACK_LABELS[track]}: example predictions`}>
              example predictions
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
