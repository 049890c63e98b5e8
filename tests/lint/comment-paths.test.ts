import path from "node:path";
import { describe, expect, test } from "vitest";
import { commentsOf, missingCommentPaths, pathsInText, sourceFiles } from "./comment-paths";
import { WHOLE_TREE } from "./whole-tree";

/**
 * A comment that cites a repository path (`lib/worker/score-submission.ts`, `docs/security.md`, `lib/uploads/`)
 * sends the reader somewhere: after a move it must still lead there. What counts as a path is defined in
 * tests/lint/comment-paths.ts.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("every repository path named in a comment exists", WHOLE_TREE, () => {
  const files = sourceFiles(ROOT);
  // the check covers the code, not an empty selection
  expect(files.length).toBeGreaterThan(300);
  expect(files).toEqual(expect.arrayContaining(["app/layout.tsx", "lib/benchmarks/index.ts", "eslint.config.mjs"]));
  expect(missingCommentPaths(ROOT, files)).toEqual([]);
});

describe("what counts as a path", () => {
  test.each([
    ["a file", "see lib/worker/score-submission.ts.", ["lib/worker/score-submission.ts"]],
    ["a folder with its slash", "the readers in lib/uploads/ and @/lib/db/seed.ts", ["lib/uploads/", "lib/db/seed.ts"]],
    ["inside parentheses and backticks", "(`docs/security.md`, tests/e2e/browser.ts)", ["docs/security.md", "tests/e2e/browser.ts"]],
    ["a route folder", "app/(alpsbench)/page.tsx and app/submissions/[id]/page.tsx", ["app/(alpsbench)/page.tsx", "app/submissions/[id]/page.tsx"]],
    ["a word, not a path", "the lib/worker dispatch, scripts/bench numbers", []],
    ["a placeholder or a glob", "lib/benchmarks/<id>/index.ts, prisma/schema/*.prisma, scripts/dev/move-*.ts", []],
    ["another place's path", "../shared/docs/SCORING.md, src/lib/x.py, https://example.org/docs/a.md, owner/repo:docs/data.md", []],
  ])("%s", (_label, text, expected) => {
    expect(pathsInText(text)).toEqual(expected);
  });

  test("only comments count: strings, regexes and template literals are code", () => {
    const code = [
      'const a = "lib/gone/string.ts"; // lib/gone/comment.ts',
      "const r = /lib\\/gone\\/regex.ts/;",
      "/* docs/gone-block.md */",
      "const t = `docs/gone-template.md`;",
    ].join("\n");
    const found = commentsOf("x.ts", code).flatMap((c) => pathsInText(c.text).map((p) => `${c.line} ${p}`));
    expect(found).toEqual(["1 lib/gone/comment.ts", "3 docs/gone-block.md"]);
  });

  test("a path that does not exist is reported with its file and line", () => {
    expect(missingCommentPaths(ROOT, ["tests/lint/comment-paths.test.ts"])).toEqual([]);
    const fake = path.join(ROOT, "tests/lint");
    // the helper reads files from disk: this test file's own comment names only existing paths
    expect(sourceFiles(fake)).toEqual(expect.arrayContaining(["comment-paths.ts", "comment-paths.test.ts"]));
  });
});
