import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createRun, createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission, RunFileInput } from "@/lib/submissions/contracts";
import { bytes } from "./upload-helpers";

/**
 * Refusals that name the fix (issue 21 #5): another track's or benchmark's rows, a file sent without its task,
 * ids of another split, an unknown key. Each asserts the clause that tells the uploader what to change; none
 * stores anything.
 */
const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;
const idsOf = async (trackId: string, split: "dev" | "validation" | "test") =>
  (
    await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId, split },
      select: { benchmarkId: true },
      orderBy: { benchmarkId: "asc" },
    })
  ).map((i) => i.benchmarkId);

function upload(fields: Partial<NewSubmission> & { text: string }): NewSubmission {
  const { text, ...rest } = fields;
  return {
    ownerId,
    track: "task1",
    split: "full",
    benchmark: "demo",
    system: { name: "Hint Test System", kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(text),
    ...rest,
  };
}
const storedCount = () => db.submission.count({ where: { ownerId } });

beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `hints-${Date.now()}@example.org` } })).id;
});
afterAll(() => db.$disconnect());

describe("refusals name the fix", () => {
  test("Task 3 rows sent as task1: the message says they are Task 3 rows and which task to give", async () => {
    const ids = (await idsOf("task3/d100", "dev")).slice(0, 3);
    const text = ids.map((id) => JSON.stringify({ benchmark_id: id, answer: "a", reason: "r", selected_memory_id: "m1" })).join("\n");
    const result = await createSubmission(db, upload({ text }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("invalid_file");
    expect(result.message).toMatch(/memory_items: missing/);
    expect(result.message).toMatch(/are those of a Task 3 row, not of a task1 row: send the file with task task3_d100 … task3_d1000/);
    expect(await storedCount()).toBe(0);
  });

  test("a PersonalLLM CSV sent as task1: the message names benchmark=personalllm and the track", async () => {
    const text = `person_id,score_gemma_2b,score_gemma_7b,score_mistral_raft\n0,0.1,0.2,0.3\n1,0.2,0.3,0.4\n`;
    const result = await createSubmission(db, upload({ text, fileName: "rewards.csv" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/The file is not JSON .*it looks like a CSV table/);
    expect(result.message).toMatch(
      /Its columns are those of PersonalLLM's rewards track \(person_id names a PersonalLLM user[^)]*\): send it with benchmark=personalllm and task=rewards/,
    );
  });

  test("PersonalLLM JSON rows sent as task1: the same hint, from the rows' keys", async () => {
    const text = [0, 1].map((id) => JSON.stringify({ person_id: String(id), choice: 3 })).join("\n");
    const result = await createSubmission(db, upload({ text }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/unknown keys "person_id", "choice"/);
    expect(result.message).toMatch(
      /Its rows' keys are those of PersonalLLM's selection track \(person_id names a PersonalLLM user and choice a candidate response\): send it with benchmark=personalllm and task=selection/,
    );
  });

  test("a .jsonl sent without task: the message says the task is missing", async () => {
    const ids = (await idsOf("task1", "dev")).slice(0, 2);
    const text = ids.map((id) => JSON.stringify({ benchmark_id: id, memory_items: [] })).join("\n");
    async function* files(): AsyncIterable<RunFileInput> {
      yield { path: "truncated.jsonl", body: bytes(text) };
    }
    const result = await createRun(db, {
      ownerId,
      split: "full",
      splitGiven: false,
      benchmark: "demo",
      system: { name: "Hint Test System", kind: "general_llm" },
      visibility: "public",
      fileName: "truncated.jsonl",
      files: files(),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(
      /^The upload gives no task, so it was read as a run, and truncated\.jsonl is in no track's folder: to upload one prediction file, give its task/,
    );
    expect(await storedCount()).toBe(0);
  });

  test("dev rows sent with split=test: the message names the split they are in", async () => {
    const ids = (await idsOf("task3/d100", "dev")).slice(0, 5);
    const text = ids.map((id) => JSON.stringify({ benchmark_id: id, selected_memory_id: "m1" })).join("\n");
    const result = await createSubmission(db, upload({ text, track: "task3_d100", split: "test" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/5 rows name benchmark ids that are not in task3\/d100/);
    expect(result.message).toMatch(/Those ids are in the dev split of task3\/d100: send it with split=dev, or leave split out/);
  });

  test("a wrong field name (memories): the message names the unknown key", async () => {
    const ids = (await idsOf("task1", "dev")).slice(0, 2);
    const text = ids.map((id) => JSON.stringify({ benchmark_id: id, memories: [] })).join("\n");
    const result = await createSubmission(db, upload({ text }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/memory_items: missing; unknown key "memories"; a task1 row is \{benchmark_id, memory_items\}/);
  });
});
