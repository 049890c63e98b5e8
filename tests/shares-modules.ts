import { readFileSync } from "node:fs";

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

/** Whether the test file at `file` may share a process with other files. */
export const sharesModules = (file: string): boolean => !changesProcess(readFileSync(file, "utf8"));
