import { createReadStream } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { z } from "zod";
import { DatasetError, describeType, describeZodIssue } from "./errors";

/**
 * File access for the readers: async only (no sync fs on the request path), streaming for JSONL,
 * and every failure turned into a DatasetError that names the file as people see it.
 */

/** Where a file is shown in messages: relative to the parent of the directory the reader was given. */
export function displayPathFor(root: string): (absolute: string) => string {
  const anchor = path.dirname(path.resolve(root));
  return (absolute) => path.relative(anchor, absolute).split(path.sep).join("/");
}

/** A failed stat/readdir/readFile/open as a DatasetError: missing (ENOENT) or unreadable. */
function accessError(error: unknown, kind: "file" | "directory", shown: string): DatasetError {
  const code = error instanceof Error && "code" in error ? (error as NodeJS.ErrnoException).code : undefined;
  return new DatasetError(
    code === "ENOENT"
      ? { code: `missing_${kind}`, file: shown, message: `${kind} not found` }
      : { code: "unreadable", file: shown, message: `cannot read ${kind} (${code ?? String(error)})` },
    { cause: error },
  );
}

export async function assertDirectory(dir: string, shown: string): Promise<void> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    throw accessError(error, "directory", shown);
  }
  if (!info.isDirectory()) throw new DatasetError({ code: "missing_directory", file: shown, message: "not a directory" });
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function listDirectory(dir: string, shown: string): Promise<{ name: string; isDirectory: boolean }[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    throw accessError(error, "directory", shown);
  }
}

/** Reads and JSON-parses one whole file. */
export async function readJsonFile(file: string, shown: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw accessError(error, "file", shown);
  }
  try {
    return JSON.parse(stripBom(text)) as unknown;
  } catch (error) {
    throw malformedJson(error, shown);
  }
}

function malformedJson(error: unknown, shown: string, line?: number): DatasetError {
  const message = `malformed JSON (${error instanceof Error ? error.message : String(error)})`;
  return new DatasetError({ code: "malformed_json", file: shown, line, message }, { cause: error });
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Streams a JSONL file line by line (blank lines skipped), yielding each parsed value with its
 * 1-based line number. A line that is not JSON stops the read with a DatasetError naming it.
 */
export async function* readJsonLines(file: string, shown: string): AsyncGenerator<{ line: number; value: unknown }> {
  const stream = createReadStream(file, { encoding: "utf8" });
  // Surface open errors (ENOENT, EACCES) as DatasetError rather than an unhandled stream error.
  const opened = new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  });
  try {
    await opened;
  } catch (error) {
    throw accessError(error, "file", shown);
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const raw of lines) {
      line += 1;
      const text = line === 1 ? stripBom(raw) : raw;
      if (text.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch (error) {
        throw malformedJson(error, shown, line);
      }
      yield { line, value };
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

/** zod parse that throws a DatasetError naming file, line and field. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: { file: string; line?: number; fieldPrefix?: readonly PropertyKey[] },
): z.infer<S> {
  if (where.fieldPrefix === undefined && (value === null || typeof value !== "object" || Array.isArray(value))) {
    throw new DatasetError({
      code: "invalid_field",
      file: where.file,
      line: where.line,
      field: "(root)",
      message: `expected object, got ${describeType(value)}`,
    });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, message } = describeZodIssue(result.error, value, where.fieldPrefix);
  throw new DatasetError({ code: "invalid_field", file: where.file, line: where.line, field, message });
}

/**
 * Runs `worker` over `items` with at most `limit` in flight, keeping result order. On failure no new
 * item starts, in-flight ones finish, and the error of the EARLIEST failing item is thrown, so the
 * reported error does not depend on timing.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, worker: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const errors = new Map<number, unknown>();
  let next = 0;
  async function run(): Promise<void> {
    while (errors.size === 0 && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await worker(items[index] as T, index);
      } catch (error) {
        errors.set(index, error);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, () => run()));
  if (errors.size > 0) throw errors.get(Math.min(...errors.keys()));
  return results;
}
