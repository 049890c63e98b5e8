import type { Db } from "@/lib/db/create-client";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { RowReviewState } from "@/lib/benchmarks/types";

/**
 * A public, finished upload's (or claimed import's) state under the ranking rules, from the boards it shows on: its
 * benchmark's review-state capability (its own hook, or the platform's read of its views). Null for anything else (reported figures, the server's runs, an unfinished or private upload: no board shows it).
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
  return capabilitiesOf(benchmarkOfDataVersion(upload.benchmark)).reviewState(db, upload);
}
