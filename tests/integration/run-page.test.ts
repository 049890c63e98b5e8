import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getRunPage } from "@/lib/db/queries/run-page";
import { createRun } from "@/lib/submissions/create-submission";
import type { RunFileInput } from "@/lib/submissions/contracts";
import { bytes } from "./upload-helpers";

/** The run page's data: tracks in benchmark order, whatever order the files came in, each with its reasons and board. */
const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;
afterAll(() => db.$disconnect());
beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `run-page-${Date.now()}@example.org` } })).id;
});

const devIds = async (trackId: string) =>
  (
    await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId, split: "dev" },
      select: { benchmarkId: true },
      orderBy: { benchmarkId: "asc" },
    })
  ).map((i) => i.benchmarkId);

describe("the run page explains itself", () => {
  test("tracks in benchmark order; a judge-only track without a judge says why it has no figure and where its row is", async () => {
    const t4 = (await devIds("task4/ability1")).slice(0, 2);
    const t3 = (await devIds("task3/d100")).slice(0, 2);
    const t1 = (await devIds("task1")).slice(0, 2);
    // uploaded last track first
    const files: Record<string, string> = {
      "run/task4_ability1/predictions.jsonl": t4.map((id) => JSON.stringify({ benchmark_id: id, answer: "a", used_memory_fact: "f" })).join("\n"),
      "run/task3/d100/predictions.jsonl": t3.map((id) => JSON.stringify({ benchmark_id: id, selected_memory_id: "m1" })).join("\n"),
      "run/task1/predictions.jsonl": t1.map((id) => JSON.stringify({ benchmark_id: id, memory_items: [] })).join("\n"),
    };
    async function* filesOf(): AsyncIterable<RunFileInput> {
      for (const [path, text] of Object.entries(files)) yield { path, body: bytes(text) };
    }
    const run = await createRun(db, {
      ownerId,
      split: "dev",
      splitGiven: true,
      benchmark: "demo",
      system: { name: "Run Page System", kind: "general_llm" },
      visibility: "public",
      fileName: "run.zip",
      files: filesOf(),
    });
    if (!run.ok) throw new Error(run.message);
    // scored without a judge: no Task 4 figure at all (judge metrics only)
    await db.submission.updateMany({ where: { runId: run.runId }, data: { status: "done" } });

    const page = await getRunPage(db, run.runId, { id: ownerId, role: "user" }, { judgeConfigured: false, rewardServiceConfigured: false });
    expect(page?.submissions.map((s) => s.track)).toEqual(["task1", "task3/d100", "task4/ability1"]);
    const task4 = page!.submissions[2]!.explanation;
    expect(task4.missing).toEqual([
      { metrics: ["Persona awareness (PA)"], reason: expect.stringMatching(/^waiting for a judge: no LLM judge is configured on this server/) },
    ]);
    expect(task4.board).toEqual({ href: "/tasks/task4?split=dev&benchmark=demo&q=Run+Page+System", label: "AlpsBench board, dev split" });

    const judged = await getRunPage(db, run.runId, { id: ownerId, role: "user" }, { judgeConfigured: true, rewardServiceConfigured: false });
    expect(judged!.submissions[2]!.explanation.missing[0]!.reason).toMatch(/^not judged: the judge gave no usable answer/);
  });
});
