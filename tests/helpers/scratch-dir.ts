import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, onTestFinished } from "vitest";

/**
 * A fresh folder in the system's temp folder, removed when the test that asked for it ends or, asked at a file's or
 * a suite's top level, when that file's or suite's tests are done: a test run leaves nothing in /tmp
 * (tests/lint/temp-folders.test.ts). Not from inside a beforeAll or afterAll: vitest takes an afterAll there
 * without running it (the folder stays), so make the folder at the top level and fill it in the hook.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // not inside a test: vitest refuses onTestFinished there
    afterAll(remove);
  }
  return dir;
}
