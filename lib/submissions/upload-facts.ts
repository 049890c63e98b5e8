import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { SubmissionViewer, UploadFacts } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";

const NO_FACTS: UploadFacts = { noised: null, fields: {} };

/** What the upload's benchmark keeps of it in its own tables (BenchmarkIdentity.uploadFacts), as `viewer` may read it. */
export async function uploadFactsOf(db: Db, upload: { id: string; benchmark: string }, viewer: SubmissionViewer): Promise<UploadFacts> {
  const facts = await benchmarkOfDataVersion(upload.benchmark).uploadFacts?.(db, [upload.id], viewer);
  return facts?.get(upload.id) ?? NO_FACTS;
}
