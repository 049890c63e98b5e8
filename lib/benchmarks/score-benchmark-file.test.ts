import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { getBenchmark } from "./index";
import { oneCallOf } from "./hosted-capabilities";
import type { SelectionInput } from "./personalllm/selection-track";
import { scoreChoices } from "./personalllm/selection-track";
import { writeSynthetic } from "./personalllm/synthetic/write-synthetic";
import { scoreBenchmarkFile } from "./score-benchmark-file";

const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-sel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("selection upload (CSV) through the registry scores as the pure scorer; a bad choice names line and field", { timeout: 60_000 }, async () => {
  writeSynthetic(dir, { users: 9, prompts: 4 });
  const benchmark = oneCallOf(getBenchmark("personalllm"))!;
  const input = (await benchmark.loadTrackInput("selection", dir, "full")) as SelectionInput;
  const choices = input.users.map((u, i) => [u.personId, (i % 8) + 1] as const);
  const csv = path.join(dir, "pick.csv");
  writeFileSync(csv, ["person_id,choice", ...choices.map(([id, c]) => `${id},${c}`)].join("\n"));
  const scored = await scoreBenchmarkFile(benchmark, "selection", input, csv);
  expect(scored.ok).toBe(true);
  const expected = scoreChoices(input, new Map(choices));
  if (scored.ok) expect(scored.result.metrics).toEqual(expected.metrics);

  const bad = path.join(dir, "bad.jsonl");
  writeFileSync(bad, choices.map(([id, c], i) => JSON.stringify({ person_id: id, choice: i === 2 ? 9 : c })).join("\n"));
  expect(await scoreBenchmarkFile(benchmark, "selection", input, bad)).toEqual({
    ok: false,
    format: "jsonl",
    problems: [{ line: 3, field: "choice", message: "choice must be an integer 1-8" }],
  });
});
