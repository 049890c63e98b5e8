import type { Db } from "@/lib/db/create-client";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { loadBenchmarkView } from "@/lib/benchmarks/load-benchmark-view";
import { isPipelineBenchmark, type RowReviewState } from "@/lib/benchmarks/types";
import { moduleTrackId } from "@/lib/benchmarks/module-rows";
import { hasSplits } from "@/lib/benchmarks/module-splits";
import { unrankedReason } from "@/lib/leaderboard/to-table";

/**
 * A public, finished upload's (or claimed import's) state under the ranking rules, from the boards it shows on: a pipeline benchmark
 * answers through its `reviewState` hook, a module's views are read here (each view of the upload's track). Null
 * for anything else (reported figures, the server's runs, an unfinished or private upload: no board shows it).
 */
export async function uploadReviewState(
  db: Db,
  upload: {
    id: string;
    source: string;
    status: string;
    visibility: string;
    hidden: boolean;
    benchmark: string;
    tracks: readonly string[];
    split: string;
    claimed?: boolean;
  },
): Promise<RowReviewState | null> {
  // uploads, and claimed imports (another party's figures: reviewed like uploads, review-hold.ts)
  if ((upload.source !== "upload" && upload.claimed !== true) || upload.status !== "done" || upload.visibility !== "public" || upload.hidden) return null;
  const benchmark = benchmarkOfDataVersion(upload.benchmark);
  if (isPipelineBenchmark(benchmark)) return benchmark.reviewState ? benchmark.reviewState(db, upload) : null;
  const track = upload.tracks[0] ? moduleTrackId(benchmark, upload.tracks[0]) : null;
  let approved: RowReviewState | null = null;
  for (const view of benchmark.views.filter((v) => v.track === track)) {
    // the board of the upload's split (a module without splits has one board per view)
    const params = new URLSearchParams(hasSplits(benchmark) ? { split: upload.split } : {});
    const loaded = await loadBenchmarkView(db, benchmark, view.id, params, { withHeld: true });
    const row = loaded?.ok ? loaded.view.board.rows.find((r) => r.submissionId === upload.id) : undefined;
    if (!row) continue;
    const reason = unrankedReason(row);
    const state = row.review?.state === "pending" || row.review?.state === "rejected" ? row.review.state : "unranked";
    if (reason) return { state, reason, note: null, board: view.title };
    if (row.review?.state === "approved") approved = { state: "approved", reason: null, note: row.review.note, board: view.title };
  }
  return approved;
}
