"use client";

import { SPLITS, TRACK_IDS, TRACK_LABELS, taskOf, trackSlug, type TaskId, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { inputsSizeKey, type InputsSizes } from "@/lib/benchmarks/alpsbench/http/inputs-size-key";
import { CompactInputsHelp } from "./compact-inputs-help";

type Form = "plain" | "gzip" | "compact";

/** Decimal units, as the docs and the benchmark figures give them (333.4 MB). */
function formatSize(bytes: number): string {
  if (bytes < 1e3) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(0)} KB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * Downloads of a task's model inputs (never gold), one click each: every track of the task, per split and whole, the
 * whole as a gzip file and, for Task 3, in the compact form (each memory once), and a small example prediction file in
 * the official row format. No account needed. Plain links to /api/v1/inputs/<track>, which names the files after the
 * data version, track and split. Each link shows its size when this server knows it (`sizes`: a built file, a body
 * sent whole once) and says so when it does not: a page never builds a file to learn its size. A client component only
 * so a page ships these props, not its ~35 links again in the flight payload beside the same markup (12 KB of Task 3's).
 */
export function InputsLinks({
  tasks,
  benchmark,
  sizes,
  note,
}: {
  tasks: readonly TaskId[];
  benchmark: string;
  sizes: InputsSizes;
  /** e.g. why these are the demo's inputs */
  note?: string;
}) {
  const tracks = TRACK_IDS.filter((t) => tasks.includes(taskOf(t)));
  const href = (track: TrackId, split: string | null, ending: "" | "/example" | ".jsonl.gz" | ".compact.jsonl.gz" = "") => {
    const params = new URLSearchParams();
    if (benchmark !== "alpsbench-v1") params.set("benchmark", benchmark);
    if (split) params.set("split", split);
    const query = params.toString();
    return `/api/v1/inputs/${trackSlug(track)}${ending}${query ? `?${query}` : ""}`;
  };
  const size = (track: TrackId, split: string | null, form: Form) => {
    const bytes = sizes[inputsSizeKey(track, split)]?.[form] ?? null;
    return <span>({bytes === null ? (form === "plain" ? "size unknown" : "not built yet") : formatSize(bytes)})</span>;
  };
  // one link and its size; `what` ends its accessible name (after the track's)
  const download = (track: TrackId, split: string | null, ending: "" | ".jsonl.gz" | ".compact.jsonl.gz", form: Form, text: string, what: string) => (
    <span key={split ?? ending}>
      <a href={href(track, split, ending)} download aria-label={`${TRACK_LABELS[track]}: ${what}`}>
        {text}
      </a>{" "}
      {size(track, split, form)}
    </span>
  );
  return (
    <section aria-labelledby="inputs-title" className="rounded-lg border border-line bg-surface p-4 text-sm" data-testid="inputs-links">
      <h2 id="inputs-title" className="font-semibold text-fg">
        Inputs <span className="font-normal text-fg-muted">(what a system sees, never gold; JSON Lines; no account needed)</span>
      </h2>
      {note ? <p className="mt-1 text-fg-muted">{note}</p> : null}
      {/* the links' and sizes' look from the list (.inputs-list in app/globals.css), not a class on each of ~35 links */}
      <ul className="inputs-list mt-2 space-y-1">
        {tracks.map((track) => (
          <li key={track}>
            <span>{TRACK_LABELS[track]}</span>
            {SPLITS.map((split) => download(track, split, "", "plain", split, `${split} inputs`))}
            {download(track, null, "", "plain", "all", "all inputs")}
            {/* a file, saved compressed: the Task 3 pools are hundreds of MB as plain JSON */}
            {download(track, null, ".jsonl.gz", "gzip", "all (.jsonl.gz)", "all inputs, gzipped")}
            {track.startsWith("task3/")
              ? download(track, null, ".compact.jsonl.gz", "compact", "all (compact .jsonl.gz)", "all inputs, compact (each memory once), gzipped")
              : null}
            <a href={href(track, null, "/example")} download aria-label={`${TRACK_LABELS[track]}: example predictions`}>
              example predictions
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-fg-muted">
        Sizes are those this server knows: a file once built (its first download builds it and keeps it; Task 3 d1000&apos;s take minutes).
      </p>
      {tracks.some((t) => t.startsWith("task3/")) ? <CompactInputsHelp /> : null}
    </section>
  );
}
