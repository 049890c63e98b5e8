import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import type { EeeBenchmarkHook } from "./hook";
import { importAggregate, type ImportProblem } from "./import-aggregate";

/** The aggregate JSON files of a path: the file itself, or every `*.json` under a folder (an export's layout). */
export async function aggregateFilesOf(target: string): Promise<string[]> {
  const info = await stat(target);
  if (info.isFile()) return [target];
  const out: string[] = [];
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".json")) out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/** Imports every aggregate under `target`; a file that is not JSON or not a record is a problem naming it (and nothing of it is written). */
export async function importEeeFiles(
  db: Db,
  hook: EeeBenchmarkHook,
  dataVersion: string,
  target: string,
): Promise<{ imported: { file: string; submissionId: string; systemSlug: string; scores: number }[]; problems: ImportProblem[] }> {
  const imported = [];
  const problems: ImportProblem[] = [];
  for (const file of await aggregateFilesOf(target)) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      problems.push({ file, field: "(file)", message: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const result = await importAggregate(db, hook, dataVersion, file, json);
    if (result.ok) imported.push({ file, submissionId: result.submissionId, systemSlug: result.systemSlug, scores: result.scores });
    else problems.push(...result.problems);
  }
  return { imported, problems };
}
