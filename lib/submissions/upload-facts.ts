import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { SubmissionViewer, UploadFacts } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";

const NO_FACTS: UploadFacts = { flag: null, unranked: null, awaitingJudge: false, noised: null, fields: {} };

/**
 * What the uploads' benchmark (of data version `benchmark`) keeps of them in its own tables
 * (BenchmarkIdentity.uploadFacts), as `viewer` may read it; an upload it says nothing of has none.
 */
export async function uploadsFacts(db: Db, benchmark: string, ids: readonly string[], viewer: SubmissionViewer): Promise<(id: string) => UploadFacts> {
  const facts = ids.length > 0 ? await benchmarkOfDataVersion(benchmark).uploadFacts?.(db, ids, viewer) : undefined;
  return (id) => facts?.get(id) ?? NO_FACTS;
}

/** uploadsFacts of one upload. */
export async function uploadFactsOf(db: Db, upload: { id: string; benchmark: string }, viewer: SubmissionViewer): Promise<UploadFacts> {
  return (await uploadsFacts(db, upload.benchmark, [upload.id], viewer))(upload.id);
}
