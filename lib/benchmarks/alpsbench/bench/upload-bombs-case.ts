#!/usr/bin/env tsx
/**
 * One case of scripts/bench/upload-bombs.ts, run in a process of its own so its peak memory is its own:
 *   tsx lib/benchmarks/alpsbench/bench/upload-bombs-case.ts <baseline|module-jsonl|module-csv|module-parquet|nested-zip|large-jsonl> <file>
 * Reads the file as an upload body through this tree's validation (the same call in every version of the code)
 * and prints one JSON line: the outcome, wall and CPU milliseconds, peak RSS.
 */
import { createReadStream } from "node:fs";
import { getBenchmark } from "@/lib/benchmarks";
import { readArchive } from "@/lib/archives/read-archive";
import { validateUpload } from "@/lib/benchmarks/alpsbench/upload/validate-upload";
import { validateModuleUpload } from "@/lib/submissions/prepare-module-file";

const [kind, file] = process.argv.slice(2);
const MB = 1024 * 1024;
const limits = { maxBytes: 200 * MB, maxDecompressedBytes: 1024 * MB, maxProblems: 50 };

/** The request's shared budget where this version of the code has one (lib/uploads/upload-budget.ts). */
async function budget(): Promise<unknown> {
  try {
    const { UploadBudget } = await import("@/lib/uploads/upload-budget");
    return new UploadBudget(limits.maxDecompressedBytes);
  } catch {
    return undefined;
  }
}

async function run(): Promise<string> {
  // the modules loaded and nothing read: what every case's peak memory starts from
  if (kind === "baseline") return "nothing read";
  if (kind === "module-jsonl" || kind === "module-csv" || kind === "module-parquet") {
    const benchmark = getBenchmark("personalllm")!;
    const track = benchmark.tracks.find((t) => t.id === "selection")!;
    const users = Array.from({ length: 12 }, (_, i) => ({ personId: String(i + 1), weights: [], testPrompt: "p", bestResponseReward: 0, gpt4oReward: 0 }));
    const fileName = kind === "module-jsonl" ? "pick.jsonl.gz" : kind === "module-csv" ? "pick.csv.gz" : "pick.parquet";
    const options = { benchmark, track, input: { users, prompts: [] }, fileName, limits, budget: await budget() };
    const result = await validateModuleUpload(createReadStream(file!), options as Parameters<typeof validateModuleUpload>[1]);
    return `${result.code}: ${(result.fatal ?? "accepted").slice(0, 110)}`;
  }
  if (kind === "nested-zip") {
    const shared = await budget();
    const ids = new Set(["bench_a", "bench_b"]);
    const outcomes: string[] = [];
    const archive = { maxEntries: 100, maxTotalBytes: limits.maxDecompressedBytes, maxArchiveBytes: limits.maxBytes, budget: shared };
    try {
      for await (const entry of readArchive("zip", createReadStream(file!), archive as Parameters<typeof readArchive>[2])) {
        const options = { track: "task1" as const, knownIds: ids, limits, budget: shared };
        const result = await validateUpload(entry.body, options as Parameters<typeof validateUpload>[1]);
        outcomes.push(`${entry.path.split("/")[0]} ${result.code}`);
        if (!result.ok) break;
      }
    } catch (error) {
      outcomes.push(`archive refused: ${(error as Error).message.slice(0, 80)}`);
    }
    return outcomes.join("; ");
  }
  if (kind === "large-jsonl") {
    // the stream the old unit test timed: 8 MB of valid rows over an 8 MB limit
    const ids = new Set(Array.from({ length: 200_000 }, (_, i) => `sess_${i}`));
    const result = await validateUpload(createReadStream(file!), { track: "task1", knownIds: ids, limits: { ...limits, maxBytes: 8 * MB } });
    return `${result.code}: ${(result.fatal ?? "accepted").slice(0, 90)}`;
  }
  throw new Error(`unknown case ${kind}`);
}

const started = performance.now();
const cpu = process.cpuUsage();
const outcome = await run();
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    outcome,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
