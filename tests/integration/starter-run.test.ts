import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { readEvalUsers } from "@/lib/benchmarks/personalllm/db/read-input";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { getBenchmark } from "@/lib/benchmarks";
import { createPrismaClient } from "@/lib/db/create-client";
import { createRun, createSubmission } from "@/lib/submissions/create-submission";
import type { RunFileInput } from "@/lib/submissions/contracts";
import { TRACK_IDS } from "@/lib/benchmarks/alpsbench/track-ids";
import { bytes } from "./upload-helpers";

/** The starter run (`export-predictions --starter`): every track's file, as written, is taken by the upload path. */
const db = createPrismaClient(inject("databaseUrl"));
const dir = mkdtempSync(path.join(os.tmpdir(), "starter-pllm-"));
let ownerId: string;
beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `starter-${Date.now()}@example.org` } })).id;
  if ((await readEvalUsers(db)).length === 0) {
    writeSynthetic(dir, { users: 12, prompts: 6 });
    await importBenchmarkFolder(db, dir, () => {});
  }
}, 120_000);
afterAll(async () => {
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("starter run", () => {
  test("AlpsBench: all 12 tracks in the official layout, uploaded as one run as is, every instance of the split covered", async () => {
    const files = await getBenchmark("alpsbench")!.starterRun!(db, { dataVersion: "demo", split: "dev" });
    expect(files.map((f) => f.track)).toEqual([...TRACK_IDS]);
    expect(files.map((f) => f.path)).toContain("dev/task3/d300/predictions.jsonl");
    expect(files.map((f) => f.path)).toContain("dev/task4_ability5/predictions.jsonl");
    async function* asUploaded(): AsyncIterable<RunFileInput> {
      for (const file of files) yield { path: `starter-run/${file.path}`, body: bytes(file.text) };
    }
    const run = await createRun(db, {
      ownerId,
      split: "full",
      splitGiven: false,
      benchmark: "demo",
      system: { name: "Starter", kind: "general_llm" },
      visibility: "public",
      fileName: "starter-run.zip",
      files: asUploaded(),
    });
    if (!run.ok) throw new Error(run.message);
    expect(run.submissions.map((s) => [s.task, s.split])).toEqual(TRACK_IDS.map((t) => [t, "dev"]));
    for (const s of run.submissions) {
      expect(s.validation.coverage, s.task).toMatchObject({ missing: 0, unknown: 0, rejected: 0 });
      expect(s.validation.problemsTotal, `${s.task}: ${JSON.stringify(s.validation.problems)}`).toBe(0);
    }
    // the baselines are read from the inputs: Task 1 finds the user's first-person sentences
    const task1 = files[0]!.text.split("\n")[0]!;
    expect((JSON.parse(task1) as { memory_items: unknown[] }).memory_items.length).toBeGreaterThan(0);
  });

  test("PersonalLLM: the rewards and selection files are accepted as is", async () => {
    const files = await getBenchmark("personalllm")!.starterRun!(db, { dataVersion: "personalllm", split: "full" });
    expect(files.map((f) => f.path)).toEqual(["rewards.jsonl", "selection.jsonl"]);
    for (const file of files) {
      const result = await createSubmission(db, {
        ownerId,
        track: file.track,
        split: "full",
        benchmark: "personalllm",
        system: { name: "Starter", kind: "general_llm" },
        fileName: file.path,
        body: bytes(file.text),
      });
      expect(result.ok ? "accepted" : result.message).toBe("accepted");
    }
  });
});
