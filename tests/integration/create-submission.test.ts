import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";

const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;
let demoIds: string[];

async function* bytes(text: string): AsyncIterable<Uint8Array> {
  // in two chunks, as a network would deliver it
  const buffer = Buffer.from(text);
  yield buffer.subarray(0, Math.floor(buffer.length / 2));
  yield buffer.subarray(Math.floor(buffer.length / 2));
}
const rows = (ids: string[]) => ids.map((id) => JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `note ${id}`, confidence: 0.8 }] })).join("\n");
function upload(overrides: Partial<NewSubmission> & { text: string }): NewSubmission {
  const { text, ...rest } = overrides;
  return { ownerId, track: "task1", split: "full", benchmark: "demo", system: { name: "Upload Test System", kind: "general_llm" }, fileName: "p.jsonl", body: bytes(text), ...rest };
}
const storedCount = () => db.submission.count({ where: { ownerId } });

beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `uploader-${Date.now()}@example.org` } })).id;
  demoIds = (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" }, select: { benchmarkId: true }, orderBy: { benchmarkId: "asc" } })).map((i) => i.benchmarkId);
});
afterAll(() => db.$disconnect());

describe("createSubmission: the one path every upload takes", () => {
  test("a valid file is stored compressed with its sha256 and its job is queued in the same transaction", async () => {
    const result = await createSubmission(db, upload({ text: rows(demoIds.slice(0, 5)), idempotencyKey: "key-1" }));
    expect(result).toMatchObject({ ok: true, status: "queued", duplicate: false });
    if (!result.ok) return;
    const stored = await db.submission.findUniqueOrThrow({ where: { id: result.id }, omit: { fileBytes: false } });
    expect(stored.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.fileBytes?.length).toBeGreaterThan(0);
    expect(stored.progressTotal).toBe(demoIds.length);
    const jobs = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM pgboss.job WHERE data->>'submissionId' = $1`, result.id);
    expect(Number(jobs[0]!.n)).toBe(1);
    expect(result.validation.coverage).toMatchObject({ valid: 5, missing: demoIds.length - 5 });
  });

  test("a retry with the same Idempotency-Key and an identical re-upload return the existing submission", async () => {
    const before = await storedCount();
    const retry = await createSubmission(db, upload({ text: rows(demoIds.slice(0, 5)), idempotencyKey: "key-1" }));
    const again = await createSubmission(db, upload({ text: rows(demoIds.slice(0, 5)) }));
    expect(retry).toMatchObject({ ok: true, duplicate: true });
    expect(again).toMatchObject({ ok: true, duplicate: true });
    expect(retry.ok && again.ok && retry.id === again.id).toBe(true);
    expect(await storedCount()).toBe(before);
  });

  // the texts are built when the test runs: the demo ids are read in beforeAll
  test.each([
    ["unknown ids", () => rows(["sess_not_in_demo__1"])],
    ["a line that is not JSON", () => `${rows(demoIds.slice(0, 1))}\n{"benchmark_id": `],
    ["an empty file", () => ""],
  ])("a refused upload (%s) stores nothing", async (_name, text) => {
    const before = await storedCount();
    const result = await createSubmission(db, upload({ text: text() }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("invalid_file");
    expect(result.message.length).toBeGreaterThan(10);
    expect(await storedCount()).toBe(before);
  });

  test("the per-track daily limit holds even for concurrent uploads, and refunded failures do not count", async () => {
    const user = (await db.user.create({ data: { email: `limit-${Date.now()}@example.org` } })).id;
    const limit = Number(process.env.SUBMISSIONS_PER_TRACK_PER_DAY ?? 5);
    const attempts = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => createSubmission(db, { ...upload({ text: rows(demoIds.slice(i, i + 2)) }), ownerId: user })),
    );
    const accepted = attempts.filter((a) => a.ok);
    expect(accepted).toHaveLength(limit);
    expect(attempts.filter((a) => !a.ok && a.code === "limit_reached")).toHaveLength(3);
    // one of ours fails: the user gets that slot back
    const first = accepted[0]!;
    if (!first.ok) return;
    await db.submission.update({ where: { id: first.id }, data: { status: "failed", failureIsOurs: true } });
    const refunded = await createSubmission(db, { ...upload({ text: rows(demoIds.slice(20, 23)) }), ownerId: user });
    expect(refunded.ok).toBe(true);
  });

  test("a track with no instances, or a wrong track, is a clear request error", async () => {
    expect(await createSubmission(db, upload({ text: rows(demoIds), track: "task9" as never }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await createSubmission(db, upload({ text: rows(demoIds), benchmark: "nope" }))).toMatchObject({ ok: false, code: "not_found" });
  });
});
