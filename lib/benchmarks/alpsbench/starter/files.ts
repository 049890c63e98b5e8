import type { Db } from "@/lib/db/create-client";
import { findBenchmarkVersion, pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { TRACK_IDS, type Split } from "@/lib/benchmarks/alpsbench/track-ids";
import type { StarterFile } from "../../types";
import { createStarterSelector, starterPath, starterRow } from "../starter-run";

const PAGE = 200;

/**
 * AlpsBench's starter run for a data version and split, read from the instances this server holds (the same inputs
 * `GET /api/v1/inputs/<track>` serves): one `<split>/<track>/predictions.jsonl` per track that has instances.
 */
export async function alpsBenchStarterFiles(
  db: Db,
  options: { dataVersion: string; split: Split | "full"; progress?: (line: string) => void },
): Promise<StarterFile[]> {
  const version = await findBenchmarkVersion(db, options.dataVersion);
  if (!version) throw new Error(`no data version "${options.dataVersion}" on this database`);
  const files: StarterFile[] = [];
  // one BM25 token cache for the whole run: every pool draws from the same memories
  const select = createStarterSelector();
  for (const [index, track] of TRACK_IDS.entries()) {
    const started = Date.now();
    const scope = { benchmarkVersionId: version.id, track, split: options.split === "full" ? null : options.split };
    const lines: string[] = [];
    for (let last: string | null = null; ;) {
      const page = await pageInputs(db, scope, last, PAGE);
      for (const row of page) lines.push(JSON.stringify(starterRow(track, row.benchmarkId, row.input, select)));
      if (page.length < PAGE) break;
      last = page.at(-1)!.benchmarkId;
    }
    options.progress?.(`${track} (${index + 1}/${TRACK_IDS.length}): ${lines.length} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (lines.length > 0) files.push({ path: starterPath(track, options.split), track, rows: lines.length, text: `${lines.join("\n")}\n` });
  }
  return files;
}
