#!/usr/bin/env tsx
/**
 * Memory and time of upload bombs (a small gzip that inflates to a huge row or file; millions of parquet rows), through the upload validation of this tree and,
 * with --before <commit>, of an earlier commit (its tree extracted with `git archive` into a temporary folder that borrows
 * this tree's node_modules and generated Prisma client):
 *
 *   npx tsx scripts/bench/upload-bombs.ts [--before 68223d2] [--newline-mb 200] [--parquet-rows 2000000] [--heap-mb 1536]
 *
 * Cases, each a small generated file read in a process of its own (node --max-old-space-size=<heap-mb>, so a
 * version that holds the whole bomb dies at that cap instead of taking the machine's memory):
 *   module-jsonl    a PersonalLLM upload: gzip of 6 rows, <newline-mb> MB of newlines, 6 rows (issue: 200 MB → 204 KB)
 *   module-csv      the same as CSV
 *   module-parquet  a parquet file of <parquet-rows> dictionary-encoded rows (issue: 20 M rows in 890 KB)
 *   nested-zip      an AlpsBench run: a zip of three .jsonl.gz files of a valid row and <newline-mb> MB of newlines
 *   large-jsonl     16 MB of valid rows over an 8 MB limit (the timing the old unit test asserted)
 * Prints, per case and version: the outcome, wall and CPU time, peak RSS (and the baseline RSS of the modules).
 */
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";
import { zipSync } from "fflate";
import { parquetWriteBuffer } from "hyparquet-writer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    before: { type: "string" },
    "newline-mb": { type: "string", default: "200" },
    "parquet-rows": { type: "string", default: "2000000" },
    "heap-mb": { type: "string", default: "1536" },
  },
});
const newlineMb = Number(values["newline-mb"]);
const parquetRows = Number(values["parquet-rows"]);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const work = mkdtempSync(path.join(os.tmpdir(), "upload-bombs-"));

/** A gzip file of `head`, `megabytes` MB of newlines, then `tail`, written as it is compressed. */
async function newlineGzip(file: string, head: string, megabytes: number, tail: string): Promise<void> {
  const newlines = Buffer.alloc(1024 * 1024, 0x0a);
  async function* plain() {
    yield Buffer.from(head);
    for (let i = 0; i < megabytes; i += 1) yield newlines;
    yield Buffer.from(tail);
  }
  await pipeline(Readable.from(plain()), createGzip(), createWriteStream(file));
}

async function makeFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const rows = (ids: number[]) => ids.map((id) => JSON.stringify({ person_id: String(id), choice: 3 })).join("\n") + "\n";
  files["module-jsonl"] = path.join(work, "pick.jsonl.gz");
  await newlineGzip(files["module-jsonl"], rows([1, 2, 3, 4, 5, 6]), newlineMb, rows([7, 8, 9, 10, 11, 12]));
  files["module-csv"] = path.join(work, "pick.csv.gz");
  await newlineGzip(files["module-csv"], `person_id,choice\n1,3\n2,3\n3,3\n4,3\n5,3\n6,3\n`, newlineMb, `7,3\n8,3\n9,3\n10,3\n11,3\n12,3\n`);
  files["module-parquet"] = path.join(work, "pick.parquet");
  writeFileSync(
    files["module-parquet"],
    Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: "person_id", data: Array.from({ length: parquetRows }, (_, i) => String((i % 12) + 1)), type: "STRING" },
          { name: "choice", data: new Int32Array(parquetRows).fill(3), type: "INT32" },
        ],
        rowGroupSize: parquetRows,
      }),
    ),
  );
  const inner = path.join(work, "inner.jsonl.gz");
  await newlineGzip(inner, `${JSON.stringify({ benchmark_id: "bench_a", memory_items: [] })}\n`, newlineMb, "");
  const { readFileSync } = await import("node:fs");
  const innerBytes = readFileSync(inner);
  files["nested-zip"] = path.join(work, "run.zip");
  writeFileSync(
    files["nested-zip"],
    zipSync({ "a/task1/predictions.jsonl.gz": innerBytes, "b/task1/predictions.jsonl.gz": innerBytes, "c/task1/predictions.jsonl.gz": innerBytes }),
  );
  files["large-jsonl"] = path.join(work, "large.jsonl");
  const item = { type: "direct", label: "Preferences/Food", value: "Likes tea", confidence: 0.5 };
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 16 * 1024 * 1024; i += 1) {
    const line = JSON.stringify({ benchmark_id: `sess_${i}`, memory_items: [item] });
    lines.push(line);
    size += line.length + 1;
  }
  writeFileSync(files["large-jsonl"], `${lines.join("\n")}\n`);
  files.baseline = files["large-jsonl"];
  for (const [name, file] of Object.entries(files)) log(`${name}: ${file} (${(readFileSync(file).length / 1024).toFixed(0)} KB)`);
  return files;
}

// one case per process, its imports resolved in the tree it runs in (its tsconfig's `@/` alias)
const CASE = "lib/benchmarks/alpsbench/bench/upload-bombs-case.ts";

/** A tree of `commit` to run the case script in (its own lib/, this tree's node_modules and Prisma client). */
function extract(commit: string): string {
  const dir = path.join(work, `before-${commit}`);
  execFileSync("mkdir", ["-p", dir]);
  execFileSync("sh", ["-c", `git -C "${ROOT}" archive "${commit}" | tar -x -C "${dir}"`]);
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  if (!existsSync(path.join(dir, "lib/generated"))) symlinkSync(path.join(ROOT, "lib/generated"), path.join(dir, "lib/generated"));
  execFileSync("mkdir", ["-p", path.join(dir, path.dirname(CASE))]);
  execFileSync("cp", [path.join(ROOT, CASE), path.join(dir, path.dirname(CASE))]);
  return dir;
}

type Figures = { outcome: string; wallMs?: number; cpuMs?: number; peakRssMb?: number };

async function runCase(tree: string, kind: string, file: string): Promise<Figures> {
  const child = spawn(process.execPath, [`--max-old-space-size=${values["heap-mb"]}`, "--import", "tsx", path.join(tree, CASE), kind, file], {
    cwd: tree,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const started = performance.now();
  const [code, signal] = (await once(child, "exit")) as [number | null, string | null];
  const line = out.trim().split("\n").at(-1);
  if (code === 0 && line) return JSON.parse(line) as Figures;
  const why = /heap out of memory|Allocation failed/i.test(err) ? "heap out of memory" : (err.trim().split("\n").at(-1) ?? "").slice(0, 100);
  return { outcome: `CRASHED (exit ${code ?? signal}: ${why})`, wallMs: Math.round(performance.now() - started) };
}

try {
  const files = await makeFiles();
  const trees: [string, string][] = [["after", ROOT]];
  if (values.before) trees.unshift([`before (${values.before})`, extract(values.before)]);
  const table: string[] = [];
  for (const kind of ["baseline", "module-jsonl", "module-csv", "module-parquet", "nested-zip", "large-jsonl"]) {
    for (const [label, tree] of trees) {
      const figures = await runCase(tree, kind, files[kind]!);
      const row = `${kind.padEnd(15)} ${label.padEnd(18)} wall ${String(figures.wallMs ?? "?").padStart(6)} ms  cpu ${String(figures.cpuMs ?? "?").padStart(6)} ms  peak RSS ${String(figures.peakRssMb ?? "?").padStart(5)} MB  ${figures.outcome}`;
      log(row);
      table.push(row);
    }
  }
  process.stdout.write(`${table.join("\n")}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
