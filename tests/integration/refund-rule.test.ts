import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { runScoreJob } from "@/lib/worker/score-submission";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { isSubmitterDataError } from "@/lib/worker/submission-failure";
import { createSubmission } from "@/lib/submissions/create-submission";
import { createTestSubmission, demoRows, jsonl } from "./worker-fixtures";
import { bytes } from "./upload-helpers";

// Issue 11 finding 6: a job failing on the user's own data (a NUL inside a string: PostgreSQL 22P05) was retried
// five times and then refunded as "our" failure, so uploads of such files never counted against the daily limit.
const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId: string;

beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
});
afterAll(() => db.$disconnect());

/** The demo Task 3 rows with a NUL in the first row's selected id (Task 3 keeps that id in its per-instance detail). */
function poisonedTask3Rows(): Record<string, unknown>[] {
  return (demoRows("task3/d100") as Record<string, unknown>[]).map((row, i) => (i === 0 ? { ...row, selected_memory_id: "m\u0000x" } : row));
}

describe("refunds: only failures that are ours", () => {
  // Since the official contract (lib/benchmarks/alpsbench/upload/validate-row.ts), a row holding U+0000 is refused at upload: the
  // NUL never reaches the worker through createSubmission. Finding 6 is then closed at the door: the upload is a
  // 4xx with line and field, nothing is stored and no scoring work is done.
  test("a NUL inside a prediction string refuses the upload with its line and field, and stores nothing", async () => {
    const ownerId = (await db.user.create({ data: { email: `nul-${Date.now()}@example.org` } })).id;
    const result = await createSubmission(db, {
      ownerId,
      track: "task3/d100",
      split: "full",
      benchmark: "demo",
      system: { name: "NUL upload", kind: "general_llm" },
      fileName: "p.jsonl",
      body: bytes(jsonl(poisonedTask3Rows())),
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_file" });
    if (result.ok) return;
    expect(result.validation?.problems).toContainEqual(expect.objectContaining({ line: 1, field: "selected_memory_id", message: expect.stringMatching(/NUL/) }));
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
  });

  // A file stored another way (before the contract, or by hand) still holds the NUL: the worker reads rows through
  // the same validation, so the row is refused there (scored as no row) and the submission finishes in a few steps,
  // counted: no retries, no refund as "ours". The class-22 rule for values PostgreSQL refuses is the test below.
  test("a stored file with a NUL finishes without retries and still counts", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "nul", track: "task3/d100", content: jsonl(poisonedTask3Rows()) });
    let steps = 0;
    while ((await runScoreJob(db, { submissionId: id, scoreVersion: SCORER_VERSION }, { chunkSize: 500, judge: null })) !== "done") steps += 1;
    expect(steps).toBeLessThan(20);
    const finished = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(finished.status).toBe("done");
    expect(finished.failureIsOurs).not.toBe(true);
  });

  // Issue 36 #3: a lone surrogate ("\ud800x" in JSON) passed validation, then jsonb refused it on every retry
  // ("invalid input syntax for type json") and the upload was refunded as our own error.
  test("a lone surrogate refuses the upload with its line and field, stores nothing and charges nothing to refund", async () => {
    const ownerId = (await db.user.create({ data: { email: `surrogate-${Date.now()}@example.org` } })).id;
    const rows = (demoRows("task3/d100") as Record<string, unknown>[]).map((row, i) => (i === 1 ? { ...row, reason: "why \ud800x" } : row));
    const result = await createSubmission(db, {
      ownerId,
      track: "task3/d100",
      split: "full",
      benchmark: "demo",
      system: { name: "Surrogate upload", kind: "general_llm" },
      fileName: "p.jsonl",
      // JSON.stringify writes the lone surrogate as the escape "\ud800", as a model's output would
      body: bytes(jsonl(rows)),
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_file" });
    if (result.ok) return;
    expect(result.validation?.problems).toContainEqual(
      expect.objectContaining({ line: 2, field: "reason", message: expect.stringMatching(/lone surrogate \(U\+D800/) }),
    );
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
    expect(await db.uploadCharge.count({ where: { ownerId } })).toBe(0);
  });

  test("PostgreSQL's own refusal of a lone surrogate in jsonb is the submitter's data, not ours (no refund)", async () => {
    const id = await createTestSubmission(db, { benchmarkVersionId, label: "surrogate", track: "task1", content: jsonl(demoRows("task1")) });
    const caught = await db.submission
      .update({ where: { id }, data: { validationReport: { value: "x\ud800" } } })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(caught).not.toBeNull();
    expect(isSubmitterDataError(caught)).toBe(true);
    // the dead letter keeps only the message
    expect(isSubmitterDataError((caught as Error).message)).toBe(true);
  });

  test("recorded dead-letter messages are classified", () => {
    expect(isSubmitterDataError("invalid input syntax for type json: Unicode low surrogate must follow a high surrogate.")).toBe(true);
    expect(isSubmitterDataError("Invalid `prisma.instanceResult.createMany()` invocation: unsupported Unicode escape sequence (22P05)")).toBe(true);
    expect(isSubmitterDataError('invalid byte sequence for encoding "UTF8": 0x00')).toBe(true);
    expect(isSubmitterDataError("job expired")).toBe(false);
    expect(isSubmitterDataError(Object.assign(new Error("driver"), { cause: { code: "22P05" } }))).toBe(true);
    expect(isSubmitterDataError(Object.assign(new Error("connection reset"), { code: "ECONNRESET" }))).toBe(false);
  });
});
