import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import type { EeeBenchmarkHook } from "./hook";
import { importAggregate, type ImportOptions } from "./import-aggregate";
import type { ImportProblem } from "./import-checks";

/**
 * The largest aggregate file read (8 MiB): a record gives each of a benchmark's metrics once, a few kilobytes; a
 * bigger file is refused by its size before it is read (docs/every-eval-ever.md).
 */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** The aggregate JSON files of a path: the file itself, or every `*.json` under a folder (an export's layout). */
async function aggregateFilesOf(target: string): Promise<string[]> {
  const info = await stat(target);
  if (info.isFile()) return [target];
  const out: string[] = [];
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".json")) out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/**
 * Imports every aggregate under `target`, one file after the other, each record written on its own: a file that is
 * too large, not JSON or not a sound record is a problem naming it (and nothing of it is written), and the next file
 * is imported all the same; so is one whose write failed (a database error is reported as the file's problem).
 */
export async function importEeeFiles(
  db: Db,
  hook: EeeBenchmarkHook,
  dataVersion: string,
  target: string,
  options: ImportOptions = {},
): Promise<{ imported: { file: string; submissionId: string; systemSlug: string; scores: number }[]; problems: ImportProblem[] }> {
  const imported = [];
  const problems: ImportProblem[] = [];
  for (const file of await aggregateFilesOf(target)) {
    const { size } = await stat(file);
    if (size > MAX_FILE_BYTES) {
      problems.push({ file, field: "(file)", message: `${size} bytes; an aggregate file is at most ${MAX_FILE_BYTES} bytes (not read)` });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      problems.push({ file, field: "(file)", message: `not JSON: ${(error as Error).message}` });
      continue;
    }
    try {
      const result = await importAggregate(db, hook, dataVersion, file, json, options);
      if (result.ok) imported.push({ file, submissionId: result.submissionId, systemSlug: result.systemSlug, scores: result.scores });
      else problems.push(...result.problems);
    } catch (error) {
      // the record's transaction rolled back: nothing of it is written; the folder goes on
      problems.push({ file, field: "(record)", message: `not written: ${(error as Error).message.split("\n").filter(Boolean).pop()}` });
    }
  }
  return { imported, problems };
}
