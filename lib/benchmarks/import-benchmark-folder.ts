import type { Db } from "@/lib/db/create-client";
import { hostedBenchmarks } from "./index";

/**
 * Imports a folder with every registered benchmark importer that recognises it (a folder may hold several
 * kinds, e.g. parquet files and reported figures). null when none does: the caller falls back to AlpsBench.
 */
export async function importBenchmarkFolder(
  db: Db,
  folder: string,
  log: (line: string) => void,
): Promise<{ benchmark: string; lines: string[]; counts: Record<string, number> } | null> {
  for (const benchmark of hostedBenchmarks()) {
    const matching = [];
    for (const importer of benchmark.importers ?? []) if (await importer.recognises(folder)) matching.push(importer);
    if (matching.length === 0) continue;
    const lines: string[] = [];
    const counts: Record<string, number> = {};
    for (const importer of matching) {
      log(`${benchmark.title}: importing ${importer.describe} from ${folder}`);
      const summary = await importer.importInto(db, folder, log);
      lines.push(...summary.lines.map((l) => `${benchmark.id}: ${l}`));
      Object.assign(counts, summary.counts);
    }
    return { benchmark: benchmark.id, lines, counts };
  }
  return null;
}
