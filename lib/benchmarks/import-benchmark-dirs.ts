import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import { importBenchmarkFolder } from "./import-benchmark-folder";

/**
 * The folders of BENCHMARK_DATA_DIRS (`npm start`): separated by the platform's path delimiter (":" here) or ",",
 * blanks dropped, each resolved against the working directory. Pure.
 */
export function parseBenchmarkDirs(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(new RegExp(`[,${path.delimiter}]`))
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => path.resolve(part));
}

/**
 * Imports each folder with the registered benchmark module that recognises it, as `alpsbench import --from`
 * does. A folder no module recognises is an error naming it (a typo must not start a site that silently lacks
 * a benchmark's data). Returns one line per folder for the start-up log.
 */
export async function importBenchmarkDirs(db: Db, folders: readonly string[], log: (line: string) => void): Promise<string[]> {
  const lines: string[] = [];
  for (const folder of folders) {
    const report = await importBenchmarkFolder(db, folder, log);
    if (!report) throw new Error(`BENCHMARK_DATA_DIRS: no benchmark module recognises ${folder} (AlpsBench data goes in ALPSBENCH_DATA_DIR)`);
    lines.push(`${report.benchmark} from ${folder}: ${report.lines.join("; ")}`);
  }
  return lines;
}
