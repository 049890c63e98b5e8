import type { Db } from "@/lib/db/create-client";
import { importRealData } from "@/lib/benchmarks/alpsbench/data/import/import-real-data";
import { SHARED_DATA_DIR } from "../shared-data";

/**
 * The slug of the one data version that holds the real AlpsBench data in an integration run, imported as `npm start`
 * imports it (importRealData: instances, gold, the server's Task 3 pools, the BM25, trivial and lookup reference
 * rows), apart from alpsbench-v1 so that the other files' figures on the seeded real data version stay as they are.
 */
const REAL_DATA_SLUG = "t-real-data";

/**
 * The real-data version for a file that reads it: the first file of a run that asks pays the import (about two
 * minutes here), every later one finds it unchanged (the import's own source fingerprint: a second or two).
 * Imported on first use rather than in the global setup, so a run of files that do not need it does not pay for it.
 * The integration files run one at a time (fileParallelism: false), so two never import at once. A file that writes
 * into it (an upload, a seeded row) keeps to rows no other file counts or ranks: see each caller.
 */
export async function realDataVersion(db: Db): Promise<{ slug: string; benchmarkVersionId: string }> {
  // the phase lines (with their seconds) go to stderr: the run's record of how long the import took
  const report = await importRealData(db, SHARED_DATA_DIR, (line) => process.stderr.write(`[import] ${line}\n`), { benchmark: REAL_DATA_SLUG });
  process.stderr.write(`[import] ${report.seconds.toFixed(1)} s in importDatasetFromDir; phases ${JSON.stringify(report.phases)}\n`);
  const { id } = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: REAL_DATA_SLUG }, select: { id: true } });
  return { slug: REAL_DATA_SLUG, benchmarkVersionId: id };
}
