import { hostedTrack } from "@/lib/benchmarks";

type Row = {
  id: string;
  systemName: string;
  benchmarkSlug: string;
  tracks: string[];
  split: string;
  status: string;
  visibility: "public" | "private";
  hidden: boolean;
  createdAt: Date;
  runId: string | null;
};

/** A run's submissions as one entry of a list (the account page): its tracks in benchmark order and a status count. */
type RunEntry<R extends Row> = {
  kind: "run";
  runId: string;
  systemName: string;
  benchmarkSlug: string;
  tracks: string[];
  splits: string[];
  /** "12 tracks: 7 done, 5 queued" */
  status: string;
  visibility: string;
  hidden: boolean;
  createdAt: Date;
  rows: R[];
};
type ListEntry<R extends Row> = { kind: "submission"; row: R } | RunEntry<R>;

const trackOrder = (track: string) => {
  const declared = hostedTrack(track);
  return declared ? declared.benchmark.tracks.findIndex((t) => t.id === declared.track.id) : Number.MAX_SAFE_INTEGER;
};

/**
 * Groups a newest-first list of submissions so that each run shows once, where its newest submission stands, with
 * its tracks in the benchmark's order; uploads of one file stay rows of their own. Pure.
 */
export function groupRuns<R extends Row>(rows: readonly R[]): ListEntry<R>[] {
  const entries: ListEntry<R>[] = [];
  const runs = new Map<string, RunEntry<R>>();
  for (const row of rows) {
    if (row.runId === null) {
      entries.push({ kind: "submission", row });
      continue;
    }
    let run = runs.get(row.runId);
    if (!run) {
      run = {
        kind: "run",
        runId: row.runId,
        systemName: row.systemName,
        benchmarkSlug: row.benchmarkSlug,
        tracks: [],
        splits: [],
        status: "",
        visibility: "",
        hidden: false,
        createdAt: row.createdAt,
        rows: [],
      };
      runs.set(row.runId, run);
      entries.push(run);
    }
    run.rows.push(row);
  }
  for (const run of runs.values()) {
    run.rows.sort((a, b) => trackOrder(a.tracks[0] ?? "") - trackOrder(b.tracks[0] ?? ""));
    run.tracks = run.rows.flatMap((r) => r.tracks);
    run.splits = [...new Set(run.rows.map((r) => r.split))];
    const counts = new Map<string, number>();
    for (const r of run.rows) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    run.status = `${run.rows.length} ${run.rows.length === 1 ? "track" : "tracks"}: ${[...counts].map(([status, n]) => `${n} ${status}`).join(", ")}`;
    run.visibility = [...new Set(run.rows.map((r) => r.visibility))].join(", ");
    run.hidden = run.rows.some((r) => r.hidden);
    run.createdAt = run.rows.reduce((earliest, r) => (r.createdAt < earliest ? r.createdAt : earliest), run.createdAt);
  }
  return entries;
}
