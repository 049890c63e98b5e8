import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parquetWriteFile } from "hyparquet-writer";
import { describe, expect, test } from "vitest";
import { REWARD_ALIASES, REWARD_MODELS, type RewardAlias } from "@/lib/benchmarks/personalllm/reward-models";
import { evalSchema, writeParquetRows } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { scratchDir } from "@/tests/helpers/scratch-dir";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) =>
  run(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/alpsbench.ts"), ...args], { cwd: ROOT });

/**
 * The hand-computed example of lib/benchmarks/personalllm/score-users.test.ts, end to end: the three users
 * written as an evaluation-set parquet file in the Hugging Face layout, the rewards uploaded as JSONL, CSV and
 * parquet, scored by `alpsbench score --benchmark personalllm --track rewards` in a subprocess.
 */
const dir = scratchDir("pllm-cli-");
const evalDir = path.join(dir, "PersonalLLM_Eval/data");
const weights = (entries: Record<number, number>) => Array.from({ length: 10 }, (_, k) => entries[k] ?? 0);
writeParquetRows(
  path.join(evalDir, "test-00000-of-00001.parquet"),
  [
    { person_id: 101n, person_weight: [...weights({ 0: 0.5, 1: 0.5 }), 9, 9], best_response_reward: 0.4, gpt4o_reward: 0.6 },
    { person_id: 102n, person_weight: weights({ 9: 1 }), best_response_reward: 0, gpt4o_reward: 0 },
    { person_id: 103n, person_weight: weights({ 3: 0.25, 7: 0.75 }), best_response_reward: -1, gpt4o_reward: 0.2 },
  ].map((r) => ({ ...r, test_prompt: "p", best_response: "b", gpt4o_response: "g", history_prompt_1: "h", history_response_1: "h" })),
  evalSchema(),
);
const raw = (z: Partial<Record<RewardAlias, number>>) =>
  Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, REWARD_MODELS[a].trainMean + (z[a] ?? 0) * REWARD_MODELS[a].trainSd]));
const rows = [
  { person_id: 101, ...raw({ beaver_7b: 2, gemma_2b: -1 }), response: "a" },
  { person_id: "102", ...raw({}) },
  { person_id: 103, ...raw({ llama3_sfairx: 4, oasst_deberta_v3: -1 }) },
];
const file = (name: string, content: string) => {
  writeFileSync(path.join(dir, name), content);
  return path.join(dir, name);
};
const jsonl = file("pred.jsonl", rows.map((r) => JSON.stringify(r)).join("\n"));
const header = ["person_id", ...REWARD_ALIASES.map((a) => `score_${a}`)];
const csvText = (rs: Record<string, unknown>[]) => [header.join(","), ...rs.map((r) => header.map((h) => String(r[h])).join(","))].join("\n");
const csv = file("pred.csv", csvText(rows));
const parquet = path.join(dir, "pred.parquet");
parquetWriteFile({
  filename: parquet,
  columnData: header.map((h) => ({
    name: h,
    data: rows.map((r) => (h === "person_id" ? BigInt(r.person_id) : (r as Record<string, unknown>)[h])),
    type: h === "person_id" ? "INT64" : "DOUBLE",
  })) as never,
});

const score = (data: string, predictions: string) =>
  cli("score", "--benchmark", "personalllm", "--track", "rewards", "--data", data, "--predictions", predictions, "--json");

type Output = { n: number; metrics: Record<string, number>; intervals: Record<string, { low: number; high: number; n: number }> };

describe("alpsbench score --benchmark personalllm (a real subprocess)", { timeout: 90_000 }, () => {
  test.each([
    ["jsonl", jsonl],
    ["csv", csv],
    ["parquet", parquet],
  ])("%s upload reproduces the hand-computed example", async (_, predictions) => {
    const { stdout } = await score(path.join(dir, "PersonalLLM_Eval"), predictions);
    const out = JSON.parse(stdout) as Output;
    expect(out.n).toBe(3);
    const expected: Record<string, number> = {
      total_score: 0.25,
      win_rate_vs_best_response: 200 / 3,
      win_rate_vs_gpt4o: 100 / 3,
      mean_z_beaver_7b: 2 / 3,
      mean_z_gemma_2b: -1 / 3,
      mean_z_llama3_sfairx: 4 / 3,
      mean_z_oasst_deberta_v3: -1 / 3,
      mean_z_oasst_pythia_7b: 0,
    };
    for (const [k, v] of Object.entries(expected)) expect(Math.abs(out.metrics[k]! - v), k).toBeLessThan(1e-9);
    expect(out.intervals.total_score!.n).toBe(3);
  });

  test("missing and unknown users and non-finite scores are refused with line and field", async () => {
    const bad = file(
      "bad.csv",
      csvText([
        { ...rows[0]!, score_gemma_7b: "NaN" },
        { ...rows[1]!, person_id: "999" },
      ]),
    );
    const failure = await score(dir, bad).catch((e: { stdout: string; stderr: string; code: number }) => e);
    expect(failure).toMatchObject({ code: 1 });
    const out = JSON.parse((failure as { stdout: string }).stdout) as { problems: { line: number | null; field: string; message: string }[] };
    expect(out.problems).toEqual([{ line: 2, field: "score_gemma_7b", message: "score_gemma_7b must be a finite number" }]);
    const unknown = file("unknown.jsonl", [rows[0], { ...rows[1], person_id: 999 }].map((r) => JSON.stringify(r)).join("\n"));
    const second = await score(dir, unknown).catch((e: { stdout: string }) => e);
    expect(JSON.parse((second as { stdout: string }).stdout).problems).toEqual([
      { line: 2, field: "person_id", message: 'unknown person_id "999": not in the evaluation set' },
      { line: null, field: "person_id", message: "2 evaluation user(s) missing: 102, 103" },
    ]);
  });
});
