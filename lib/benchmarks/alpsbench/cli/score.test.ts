import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { scratchDir } from "@/tests/helpers/scratch-dir";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const PACKETS = path.join(ROOT, "tests/fixtures/datasets/packets-mini");
const cli = (...args: string[]) =>
  run(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/alpsbench.ts"), ...args], { cwd: ROOT });

type ScoreOutput = {
  task: string;
  n: number;
  metrics: Record<string, number | null>;
  coverage: Record<string, number>;
  problems: { line: number | null; field: string | null; message: string }[];
  instances: ({ benchmark_id: string; predicted: boolean } & Record<string, unknown>)[];
};

/** `alpsbench score --task task1 --data <packets-mini> --predictions <file> [more]`. */
const score = (file: string, ...more: string[]) => cli("score", "--task", "task1", "--data", PACKETS, "--predictions", file, ...more);

function tempFile(name: string, content: string | Buffer): string {
  const dir = scratchDir("alpsbench-cli-");
  writeFileSync(path.join(dir, name), content);
  return path.join(dir, name);
}

// Each test starts tsx in a subprocess: seconds on a busy 2-core machine, so more than the 5 s default.
describe("alpsbench score (a real subprocess)", { timeout: 60_000 }, () => {
  test("per-instance numbers equal the library's, aggregates are their means, gzip is read", async () => {
    const instances = (await readPacketsLayout(PACKETS)).filter((i) => i.track === "task1");
    const predictions = instances.map((instance, index) => ({
      benchmark_id: instance.benchmarkId,
      memory_items: index === 0 ? [{ type: "direct", label: "Personal_Background/Occupation", value: "teaches chemistry", confidence: 0.9 }] : [],
    }));
    const file = tempFile("pred.jsonl.gz", gzipSync(predictions.map((p) => JSON.stringify(p)).join("\n")));
    const { stdout } = await score(file, "--json");
    const output = JSON.parse(stdout) as ScoreOutput;
    expect(output).toMatchObject({ task: "task1", n: instances.length });
    for (const [index, instance] of instances.entries()) {
      const expected = scoreMemorySet(instance.gold!.memory_items, predictions[index]!.memory_items);
      const got = output.instances.find((i) => i.benchmark_id === instance.benchmarkId)!;
      expect(got).toMatchObject({ precision: expected.precision, recall: expected.recall, f1: expected.f1, algo_score_100: expected.algoScore100 });
    }
    const mean = output.instances.reduce((s, i) => s + (i.algo_score_100 as number), 0) / output.instances.length;
    expect(output.metrics.algo_score_100).toBeCloseTo(mean, 12);
    for (const key of ["precision", "recall", "f1", "algo_score_100", "direct_recall", "indirect_recall"]) expect(output.metrics).toHaveProperty(key);
  });

  test("bad rows are reported with line and field, and never stop the scoring", async () => {
    const [first, second] = (await readPacketsLayout(PACKETS)).filter((i) => i.track === "task1");
    // (a file that does not even start like JSON is refused whole, as uploads are; a bad later line is not)
    const lines = [
      JSON.stringify({ benchmark_id: first!.benchmarkId, memory_items: [{ label: ["a", "b"], value: 3, confidence: "high", type: "direct" }] }),
      "this is not json",
      JSON.stringify({ benchmark_id: first!.benchmarkId, memory_items: [] }),
      JSON.stringify({ benchmark_id: "sess_unknown__1", memory_items: [] }),
      JSON.stringify({ memory_items: [] }),
    ];
    const { stdout } = await score(tempFile("bad.jsonl", lines.join("\n")), "--json");
    const output = JSON.parse(stdout) as ScoreOutput;
    expect(output.coverage).toMatchObject({ scored: 1, duplicate: 1, unknown: 1, rejected: 1, missing: output.n - 1 });
    const where = output.problems.map((p) => `${p.line}:${p.field ?? ""}`);
    expect(where).toEqual(expect.arrayContaining(["2:", "3:benchmark_id", "4:benchmark_id", "5:benchmark_id"]));
    expect(output.problems.some((p) => p.line === 1 && p.field === "memory_items[0].confidence")).toBe(true);
    expect(output.problems.some((p) => p.line === 1 && p.field === "memory_items[0].label")).toBe(true);
    const missing = output.instances.find((i) => i.benchmark_id === second!.benchmarkId)!;
    expect(missing).toMatchObject({ predicted: false, f1: 0, algo_score_100: 0 });
  });

  test("it warns about everything an upload would refuse (repeated ids, unknown ids, NaN), and still scores", async () => {
    const [first, second] = (await readPacketsLayout(PACKETS)).filter((i) => i.track === "task1");
    const lines = [
      JSON.stringify({ benchmark_id: first!.benchmarkId, memory_items: [] }),
      JSON.stringify({ benchmark_id: first!.benchmarkId, memory_items: [] }),
      JSON.stringify({ benchmark_id: "sess_unknown__1", memory_items: [] }),
      `{"benchmark_id": "${second!.benchmarkId}", "memory_items": [{"value": "v", "confidence": NaN}]}`,
    ];
    const file = tempFile("refused.jsonl", lines.join("\n"));
    const { stdout } = await score(file, "--json");
    const output = JSON.parse(stdout) as ScoreOutput & {
      upload_refusal: { code: string; message: string; problems: { line: number | null; message: string }[] } | null;
    };
    expect(output.coverage).toMatchObject({ scored: 1, duplicate: 1, unknown: 1 });
    expect(output.upload_refusal).toMatchObject({ code: "malformed" });
    const said = output.upload_refusal!.problems.map((p) => `${p.line}: ${p.message}`).join("\n");
    expect(said).toMatch(/^2: .*already h/m);
    expect(said).toMatch(/^3: .*sess_unknown__1/m);
    expect(said).toMatch(/^4: .*NaN/m);
    const text = await score(file);
    expect(text.stderr).toMatch(/warning: an upload of this file would be refused \(malformed\)/);
    expect(text.stdout).toMatch(/algo_score_100/);
    // a clean file: no warning
    const clean = tempFile("clean.jsonl", lines[0]!);
    const ok = JSON.parse((await score(clean, "--json")).stdout) as { upload_refusal: unknown };
    expect(ok.upload_refusal).toBeNull();
  });

  test("a wrong track or a missing file exits non-zero with one clear message", async () => {
    await expect(cli("score", "--task", "task9", "--data", PACKETS, "--predictions", "x")).rejects.toMatchObject({
      stderr: expect.stringMatching(/--task: unknown track "task9"; known: task1, task2, task3_d100/),
    });
    await expect(score("/nonexistent.jsonl")).rejects.toMatchObject({
      stderr: expect.stringMatching(/alpsbench: .*\/nonexistent\.jsonl/),
    });
  });
});

describe("alpsbench replay-judge (a real subprocess)", { timeout: 60_000 }, () => {
  test("prints one item per recorded judge output, named by its folder, with our and the recorded scores", async () => {
    const { stdout } = await cli("replay-judge", "--task", "task3", "--from", path.join(ROOT, "tests/fixtures/judge/replay-mini"), "--json");
    const output = JSON.parse(stdout) as { items: { id: string; judge_score: unknown; recorded_judge_score: unknown; final_score: unknown }[] };
    expect(output.items.length).toBeGreaterThan(0);
    for (const item of output.items) {
      expect(item.id).toMatch(/\S/);
      expect(item.judge_score).toEqual(item.recorded_judge_score);
    }
  });
});
