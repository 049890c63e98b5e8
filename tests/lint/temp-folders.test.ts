import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { sourceFiles } from "./comment-paths";
import { WHOLE_TREE } from "./whole-tree";

/**
 * A test that makes a temp folder removes it: `mkdtempSync` in a file goes with an `rmSync` or `rm` in the same
 * file, or the folder comes from scratchDir (tests/helpers/scratch-dir.ts), which removes it itself, so that a test
 * run leaves nothing in /tmp (CLI outputs, migration copies, packs).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Whether a file's code makes a temp folder and never removes anything. */
function leavesTempFolders(code: string): boolean {
  return /\bmkdtemp(Sync)?\(/.test(code) && !/\b(rmSync|rm)\(/.test(code);
}

test("every file that makes a temp folder removes it", WHOLE_TREE, () => {
  const files = sourceFiles(ROOT).filter((file) => /^(app|components|lib|scripts|tests)\//.test(file));
  expect(files.length).toBeGreaterThan(300);
  expect(files.filter((file) => leavesTempFolders(readFileSync(path.join(ROOT, file), "utf8")))).toEqual([]);
});

test.each([
  ["made and removed", "const d = mkdtempSync(x); afterAll(() => rmSync(d, { recursive: true }));", false],
  ["made, never removed", "const d = mkdtempSync(path.join(os.tmpdir(), 'a-'));", true],
  ["the async kind, removed by fs/promises", "const d = await mkdtemp(p); await rm(d, { recursive: true });", false],
])("%s", (_label, code, leaves) => {
  expect(leavesTempFolders(code)).toBe(leaves);
});

test("scratchDir itself passes: it makes the folder and removes it", () => {
  const helper = readFileSync(path.join(ROOT, "tests/helpers/scratch-dir.ts"), "utf8");
  expect(helper).toMatch(/\bmkdtempSync\(/);
  expect(leavesTempFolders(helper)).toBe(false);
});
