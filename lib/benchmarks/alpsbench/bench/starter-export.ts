#!/usr/bin/env tsx
/**
 * The starter run's export through the real CLI, as a newcomer runs it:
 *   DATABASE_URL=<a database with the real data imported> \
 *     npx tsx lib/benchmarks/alpsbench/bench/starter-export.ts [--split dev] [--cpu-prof]
 * runs `alpsbench export-predictions --starter --split <split> --out .tmp/bench-starter` and prints its wall and
 * CPU seconds, the files and their sizes, and the load average before and after (the machine is shared: a loaded
 * figure is no idle one). `--cpu-prof` writes a V8 profile to .tmp/bench-starter-prof/ (open it in Chrome's
 * DevTools, or sum its self time per function) to see what dominates.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadAverage as load } from "@/scripts/lib/bench-server";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const { values } = parseArgs({ options: { split: { type: "string", default: "dev" }, "cpu-prof": { type: "boolean", default: false } } });
const out = path.join(ROOT, ".tmp", "bench-starter");
rmSync(out, { recursive: true, force: true });
const before = load();
const started = Date.now();
const profile = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, ".tmp", "bench-starter-prof")}`] : [];
const child = spawn(
  process.execPath,
  [...profile, "--import", "tsx", "scripts/alpsbench.ts", "export-predictions", "--starter", "--split", values.split!, "--out", out],
  { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
);
const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
const seconds = (Date.now() - started) / 1000;
// the export's CPU: a reaped child's user + system ticks land in this process's cutime and cstime (/proc/self/stat)
const stat = readFileSync("/proc/self/stat", "utf8");
const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
const childCpu = (Number(fields[13]) + Number(fields[14])) / 100;
if (code !== 0) throw new Error(`export-predictions exited with ${code}`);
const files: string[] = [];
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else files.push(`${path.relative(out, full)} ${(statSync(full).size / 1024).toFixed(0)} KB`);
  }
};
walk(out);
process.stdout.write(
  `starter export (${values.split}): ${files.length} files in ${seconds.toFixed(1)} s wall; ${childCpu.toFixed(1)} s CPU\n` +
    `load average before ${before}, after ${load()}\n${files.sort().join("\n")}\n`,
);
