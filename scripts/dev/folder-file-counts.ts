#!/usr/bin/env tsx
/**
 * Source files per folder at two git revisions, for a layout change's before/after (`npx tsx
 * scripts/dev/folder-file-counts.ts <before> [after=HEAD] [--depth 3]`). Counts .ts/.tsx/.mjs/.prisma/.sql/.md files
 * under app, components, lib, scripts, prisma, docs and tests (generated client excluded), grouped by the first
 * `depth` path segments; prints one line per folder whose count differs, then the totals.
 */
import { execFileSync } from "node:child_process";

const args = process.argv.slice(2);
const depthAt = args.indexOf("--depth");
const depth = depthAt >= 0 ? Number(args.splice(depthAt, 2)[1]) : 3;
const [before, after = "HEAD"] = args;
if (!before || !Number.isInteger(depth) || depth < 1) {
  process.stderr.write("usage: npx tsx scripts/dev/folder-file-counts.ts <before> [after] [--depth N]\n");
  process.exit(2);
}

const ROOTS = ["app", "components", "lib", "scripts", "prisma", "docs", "tests"];
const SOURCE = /\.(ts|tsx|mjs|prisma|sql|md)$/;

function counts(revision: string): Map<string, number> {
  const files = execFileSync("git", ["ls-tree", "-r", "--name-only", revision, "--", ...ROOTS], { encoding: "utf8", maxBuffer: 64 << 20 })
    .split("\n")
    .filter((file) => SOURCE.test(file) && !file.startsWith("lib/generated/"));
  const byFolder = new Map<string, number>();
  for (const file of files) {
    const folder = file.split("/").slice(0, -1).slice(0, depth).join("/");
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  return byFolder;
}

const a = counts(before);
const b = counts(after);
const folders = [...new Set([...a.keys(), ...b.keys()])].sort();
process.stdout.write(`folder\t${before}\t${after}\n`);
for (const folder of folders) {
  const x = a.get(folder) ?? 0;
  const y = b.get(folder) ?? 0;
  if (x !== y) process.stdout.write(`${folder}\t${x}\t${y}\n`);
}
const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
process.stdout.write(`total\t${sum(a)}\t${sum(b)}\n`);
