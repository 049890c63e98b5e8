/**
 * Benchmark of the Task 1 memory-set scorer on the real packets:
 * 7 models × 2,272 packets, one process, one thread.
 *
 *   npx tsx lib/benchmarks/alpsbench/bench/scoring.ts --data /work/shared/data/alpsbench
 *       [--matcher greedy|hungarian] [--repeat 3]
 *       [--authors-scorer /path/to/compare_memory_records.py]
 *
 * With --authors-scorer (a local copy of the AlpsBench authors'
 * src/agents/compare_memory_records.py; never vendored here), the same
 * instances are also scored by their Python code through python3, timed, and
 * compared instance by instance with ours.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Matcher, MemorySetResult } from "@/lib/benchmarks/alpsbench/scoring/memory-set-result";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";

const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    matcher: { type: "string", default: "greedy" },
    repeat: { type: "string", default: "1" },
    "authors-scorer": { type: "string" },
  },
});
if (!args.data) {
  console.error(
    "usage: tsx lib/benchmarks/alpsbench/bench/scoring.ts --data <alpsbench data dir> [--matcher greedy|hungarian] [--repeat N] [--authors-scorer file.py]",
  );
  process.exit(2);
}
const matcher: Matcher = args.matcher === "hungarian" ? "hungarian" : "greedy";
const repeat = Math.max(1, Number(args.repeat) || 1);

function packetFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "packets", "chunks");
  const out: string[] = [];
  for (const chunk of fs.readdirSync(root).sort()) {
    const dir = path.join(root, chunk);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir).sort()) if (/^sess_.*\.json$/.test(f)) out.push(path.join(dir, f));
  }
  return out;
}

interface Instance {
  sessionId: string;
  model: string;
  gold: unknown[];
  pred: unknown[];
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const cpuSeconds = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1e6).toFixed(3);

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const files = packetFiles(args.data);
const instances: Instance[] = [];
for (const file of files) {
  const packet = JSON.parse(fs.readFileSync(file, "utf8")) as {
    session_id: string;
    task1: { ground_truth_memories: unknown[]; llm_outputs: Record<string, { memory_items?: unknown[] }> };
  };
  for (const model of Object.keys(packet.task1.llm_outputs).sort()) {
    instances.push({
      sessionId: packet.session_id,
      model,
      gold: packet.task1.ground_truth_memories,
      pred: packet.task1.llm_outputs[model]?.memory_items ?? [],
    });
  }
}
const tLoad = performance.now();
const cpuLoad = process.cpuUsage(cpu0);

let results: MemorySetResult[] = [];
const runs: { wallMs: number; cpu: NodeJS.CpuUsage }[] = [];
for (let r = 0; r < repeat; r++) {
  const c = process.cpuUsage();
  const s = performance.now();
  results = instances.map((inst) => scoreMemorySet(inst.gold, inst.pred, { matcher }));
  runs.push({ wallMs: performance.now() - s, cpu: process.cpuUsage(c) });
}
const first = runs[0]!;
const best = runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
const mean = (f: (r: MemorySetResult) => number) => results.reduce((s, r) => s + f(r), 0) / results.length;

console.log(`packets: ${files.length}, instances: ${instances.length} (matcher: ${matcher})`);
console.log(`load (read + JSON.parse): ${seconds(tLoad - t0)} s wall, ${cpuSeconds(cpuLoad)} s CPU`);
console.log(
  `scoring, first run:        ${seconds(first.wallMs)} s wall, ${cpuSeconds(first.cpu)} s CPU, ${Math.round(instances.length / (first.wallMs / 1000))} instances/s`,
);
if (repeat > 1) {
  console.log(
    `scoring, best of ${repeat}:        ${seconds(best.wallMs)} s wall, ${cpuSeconds(best.cpu)} s CPU, ${Math.round(instances.length / (best.wallMs / 1000))} instances/s`,
  );
}
console.log(`total (load + first run):  ${seconds(tLoad - t0 + first.wallMs)} s wall`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(
  `macro means: algo ${mean((r) => r.algoScore100).toFixed(4)}, P ${mean((r) => r.precision).toFixed(4)}, R ${mean((r) => r.recall).toFixed(4)}, F1 ${mean((r) => r.f1).toFixed(4)}`,
);

if (args["authors-scorer"]) compareWithAuthors(args["authors-scorer"]);

/**
 * Runs the authors' score_records() over the same (gold, pred) lists in
 * python3 and compares per-instance algo score, P, R, F1 with ours.
 */
function compareWithAuthors(scorerPath: string): void {
  const driver = String.raw`
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location("authors_scorer", sys.argv[1])
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
matcher = sys.argv[2]
t0 = time.perf_counter()
cases = json.load(sys.stdin)
t1 = time.perf_counter()
out = []
for gold, pred in cases:
    r = mod.score_records({"memory_items": gold}, {"memory_items": pred}, matcher=matcher)
    c = r["metrics"]["coverage"]
    out.append([r["algo_score"]["score_100"], c["precision"], c["recall"], c["f1"]])
t2 = time.perf_counter()
json.dump({"parse_s": t1 - t0, "score_s": t2 - t1, "rows": out}, sys.stdout)
`;
  const started = performance.now();
  const raw = execFileSync("python3", ["-c", driver, scorerPath, matcher], {
    input: JSON.stringify(instances.map((i) => [i.gold, i.pred])),
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const wall = performance.now() - started;
  const theirs = JSON.parse(raw) as { parse_s: number; score_s: number; rows: [number, number, number, number][] };
  let exact = 0;
  let within = 0;
  let maxDiff = 0;
  const sums = [0, 0, 0, 0];
  results.forEach((r, i) => {
    const t = theirs.rows[i]!;
    const ours = [r.algoScore100, r.precision, r.recall, r.f1];
    if (ours.every((v, k) => v === t[k])) exact++;
    const d = Math.abs(r.algoScore100 - t[0]);
    maxDiff = Math.max(maxDiff, d);
    if (d <= 0.00005) within++;
    t.forEach((v, k) => (sums[k]! += v));
  });
  const n = results.length;
  const theirMeans = sums.map((s) => s / n);
  const ourMeans = [mean((r) => r.algoScore100), mean((r) => r.precision), mean((r) => r.recall), mean((r) => r.f1)];
  console.log(
    `authors' scorer (python3): ${theirs.score_s.toFixed(3)} s scoring (+ ${theirs.parse_s.toFixed(3)} s JSON parse; ${seconds(wall)} s wall incl. start-up and transfer)`,
  );
  console.log(`speed-up on scoring (first run): ${(theirs.score_s / (first.wallMs / 1000)).toFixed(1)}x`);
  console.log(`agreement: ${exact}/${n} instances identical on algo, P, R, F1; algo within 0.00005: ${within}/${n}; max |Δalgo| = ${maxDiff}`);
  console.log(
    `macro |Δ|: algo ${Math.abs(ourMeans[0]! - theirMeans[0]!)}, P ${Math.abs(ourMeans[1]! - theirMeans[1]!)}, R ${Math.abs(ourMeans[2]! - theirMeans[2]!)}, F1 ${Math.abs(ourMeans[3]! - theirMeans[3]!)}`,
  );
}
