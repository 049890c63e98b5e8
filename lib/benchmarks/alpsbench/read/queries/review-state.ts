import type { Db } from "@/lib/db/create-client";
import type { RowReviewState } from "@/lib/benchmarks/types";
import { viewFromSlug } from "@/lib/benchmarks/alpsbench/read/views";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { unrankedReason } from "@/lib/leaderboard/to-table";
import { getRuledView } from "./view";

const SPLITS_OF_FULL = ["full", "dev", "validation", "test"] as const;

/**
 * An upload's state under the ranking rules, read from the boards its rows show on (each track it covers, at its
 * split, and a full upload's split views too): held for review, rejected, approved, or unranked below a contentless
 * row. The boards are memoised (getView), so this costs no scoring. Null: no board holds or marks it.
 */
export async function alpsBenchReviewState(
  db: Db,
  upload: { id: string; benchmark: string; tracks: readonly string[]; split: string },
): Promise<RowReviewState | null> {
  const splits = upload.split === "full" ? SPLITS_OF_FULL : ([upload.split] as const);
  // every board is read: a held or rejected row on any of them wins over a mark elsewhere (a copy is "unranked" on
  // one board and may be held on a split board), so a held run is never reported as merely unranked and always
  // reaches the moderators' list
  let unranked: RowReviewState | null = null;
  let approved: RowReviewState | null = null;
  for (const track of upload.tracks) {
    if (!(TRACK_IDS as readonly string[]).includes(track)) continue;
    const view = viewFromSlug((track as TrackId).replace("/", "-"));
    if (!view) continue;
    for (const split of splits) {
      const board = await getRuledView(db, view, { benchmark: upload.benchmark, split: split as (typeof SPLITS_OF_FULL)[number] });
      const row = board.rows.find((r) => r.submissionId === upload.id);
      if (!row) continue;
      const where = `${track} · ${split}`;
      const reason = unrankedReason(row);
      if (row.review?.state === "pending" || row.review?.state === "rejected")
        return { state: row.review.state, reason: unrankedReason({ review: row.review, unranked: null }), note: null, board: where };
      if (reason) unranked ??= { state: "unranked", reason, note: null, board: where };
      else if (row.review?.state === "approved") approved ??= { state: "approved", reason: null, note: row.review.note, board: where };
    }
  }
  return unranked ?? approved;
}
