import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What a test file does that changes the process for the files after it: mocks a module, stubs a global or an
 * environment variable, spies on a function, fakes the clock, or sets `process.env` or a `globalThis` property.
 * Such a file needs a process of its own; any other file can share one process (and its imported modules) with
 * the files before it, which saves each file a process start and its imports.
 */
const CHANGES_PROCESS =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|spyOn|useFakeTimers)\(|\bprocess\.env\.\w+\s*=[^=]|\bprocess\.env\[[^\]]+\]\s*=[^=]|\bglobalThis\.\w+\s*=[^=]/;

/** Whether a test file's source changes the process for the files after it (see CHANGES_PROCESS). Pure. */
export const changesProcess = (source: string): boolean => CHANGES_PROCESS.test(source);

const ROOT = path.resolve(import.meta.dirname, "..");
/** a test's own helpers: relative imports and `@/tests/…` (the site's code under lib/ and app/ mocks nothing) */
const HELPER_IMPORT = /\b(?:from|import)\s*\(?\s*"((?:\.{1,2}\/|@\/tests\/)[^"]+)"/g;

function helperFile(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * Whether the test file at `file` may share a process with other files: neither it nor a helper it imports,
 * directly or through another helper, changes the process.
 */
export function sharesModules(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return true;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  if (changesProcess(source)) return false;
  const helpers = [...source.matchAll(HELPER_IMPORT)].map((match) => helperFile(file, match[1]!));
  return helpers.every((helper) => helper === null || sharesModules(helper, seen));
}
