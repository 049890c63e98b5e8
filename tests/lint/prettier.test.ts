import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { expect, test } from "vitest";
import { WHOLE_TREE } from "./whole-tree";

/**
 * `npm test` checks that every file Prettier formats is formatted (.prettierrc, .prettierignore), so style needs
 * no review. After merging branches, `npm run format` re-formats and the result is committed on its own.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
// the same ignore files as the Prettier CLI (`npm run format`, `npm run format:check`)
const IGNORE = [path.join(ROOT, ".gitignore"), path.join(ROOT, ".prettierignore")];

// Hidden folders (.git, .next, .data) and node_modules are skipped without listing them; everything else is left
// to Prettier's own ignore rules.
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith(".") && d.isDirectory()) return [];
    if (d.name === "node_modules") return [];
    const full = path.join(dir, d.name);
    return d.isDirectory() ? walk(full) : [full];
  });
}

// Formatting every file costs ~20 s of CPU, so files found formatted are remembered by a hash of everything the
// answer depends on: Prettier's version, the options that apply to the file (its path picks the parser) and the
// content. Any change to one of them is a miss. The cache lives in node_modules (a clean clone or `npm ci` starts
// without one), like Prettier's own `--cache`, which its API does not offer.
const CACHE = path.join(ROOT, "node_modules/.cache/prettier-check/formatted.json");

function readCache(): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(CACHE, "utf8")) as string[]);
  } catch {
    return new Set();
  }
}

function writeCache(keys: Set<string>) {
  mkdirSync(path.dirname(CACHE), { recursive: true });
  const temporary = `${CACHE}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify([...keys]));
  renameSync(temporary, CACHE); // atomic: a concurrent run reads the old list or the new one
}

async function checkFile(file: string, cache: Set<string>, seen: Set<string>): Promise<"skipped" | "formatted" | "unformatted"> {
  const info = await prettier.getFileInfo(file, { ignorePath: IGNORE });
  if (info.ignored || !info.inferredParser) return "skipped";
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  const source = readFileSync(file, "utf8");
  const key = createHash("sha256")
    .update(JSON.stringify([prettier.version, options]))
    .update("\0")
    .update(source)
    .digest("hex");
  if (cache.has(key) || (await prettier.check(source, options))) {
    seen.add(key);
    return "formatted";
  }
  return "unformatted";
}

test("every file is formatted by Prettier (run `npm run format`)", WHOLE_TREE, async () => {
  const cache = readCache();
  const seen = new Set<string>();
  const checked: string[] = [];
  const offenders: string[] = [];
  for (const file of walk(ROOT)) {
    const state = await checkFile(file, cache, seen);
    if (state !== "skipped") checked.push(path.relative(ROOT, file));
    if (state === "unformatted") offenders.push(path.relative(ROOT, file));
  }
  writeCache(seen);
  expect(offenders).toEqual([]);
  // the check covers the code, not an empty selection
  expect(checked.length).toBeGreaterThan(300);
  expect(checked).toEqual(expect.arrayContaining(["app/layout.tsx", "lib/benchmarks/alpsbench/scoring/normalize.ts", "app/globals.css"]));
});

test("an unformatted snippet fails the check; its formatted form passes", async () => {
  const filepath = path.join(ROOT, "lib/benchmarks/alpsbench/scoring/example.ts");
  const options = await prettier.resolveConfig(filepath);
  expect(options).toMatchObject({ printWidth: 165, semi: true, singleQuote: false });
  const messy = "export const pair = {a:'x',b:2}\n";
  expect(await prettier.check(messy, { ...options, filepath })).toBe(false);
  const tidy = await prettier.format(messy, { ...options, filepath });
  expect(tidy).toBe('export const pair = { a: "x", b: 2 };\n');
  expect(await prettier.check(tidy, { ...options, filepath })).toBe(true);
});

test("generated code, fixtures and migrations are not checked", async () => {
  for (const file of ["lib/generated/prisma/client.ts", "tests/fixtures/uploads/task3-d100-valid.json", "package-lock.json", "tsconfig.json"]) {
    expect((await prettier.getFileInfo(path.join(ROOT, file), { ignorePath: IGNORE })).ignored, file).toBe(true);
  }
});
