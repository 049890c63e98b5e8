import { SPLITS, TRACK_IDS, TRACK_LABELS, taskOf, trackSlug, type TaskId } from "@/lib/benchmarks/alpsbench/track-ids";
import { inputsSizeKey, type InputsSizes } from "@/lib/benchmarks/alpsbench/http/inputs-size-key";
import { CompactInputsHelp } from "./compact-inputs-help";
import { InputsList } from "./inputs-list";

/**
 * Downloads of a task's model inputs (never gold), one click each: every track of the task, per split and whole, the
 * whole as a gzip file and, for Task 3, in the compact form (each memory once), and a small example prediction file in
 * the official row format. No account needed. Plain links to /api/v1/inputs/<track>, which names the files after the
 * data version, track and split. Each link shows its size when this server knows it (`sizes`: a built file, a body
 * sent whole once) and says so when it does not: a page never builds a file to learn its size. Drawn by the client
 * component InputsList from a few props per track, so a page does not ship its ~35 links again in the flight payload
 * beside the same markup (12 KB of Task 3's page).
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
  const query = benchmark !== "alpsbench-v1" ? `benchmark=${encodeURIComponent(benchmark)}` : "";
  return (
    <InputsList
      note={note}
      query={query}
      splits={SPLITS}
      tracks={tracks.map((track) => ({
        label: TRACK_LABELS[track],
        slug: trackSlug(track),
        compact: track.startsWith("task3/"),
        sizes: Object.fromEntries([...SPLITS, null].map((split) => [split ?? "", sizes[inputsSizeKey(track, split)] ?? null])),
      }))}
    >
      {tracks.some((t) => t.startsWith("task3/")) ? <CompactInputsHelp /> : null}
    </InputsList>
  );
}
