import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { markSubmissionFailed } from "@/lib/worker/submission-failure";
import { createPrismaClient } from "@/lib/db/create-client";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";

const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;
/** the demo Task 1 ids outside the test split (a file with some test rows must have them all: see below) */
let demoIds: string[];
let testIds: string[];
let allCount: number;

async function* bytes(text: string): AsyncIterable<Uint8Array> {
  // in two chunks, as a network would deliver it
  const buffer = Buffer.from(text);
  yield buffer.subarray(0, Math.floor(buffer.length / 2));
  yield buffer.subarray(Math.floor(buffer.length / 2));
}
const rows = (ids: string[]) =>
  ids
    .map((id) =>
      JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `note ${id}`, confidence: 0.8 }] }),
    )
    .join("\n");
function upload(overrides: Partial<NewSubmission> & { text: string }): NewSubmission {
  const { text, ...rest } = overrides;
  // another user's public system name is refused (lib/submissions/system-name-check.ts): each uploader has their own
  const owner = rest.ownerId ?? ownerId;
  return {
    ownerId,
    track: "task1",
    split: "full",
    benchmark: "demo",
    system: { name: owner === ownerId ? "Upload Test System" : `Upload Test System ${owner}`, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(text),
    ...rest,
  };
}
const storedCount = () => db.submission.count({ where: { ownerId } });

beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `uploader-${Date.now()}@example.org` } })).id;
  const all = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" },
    select: { benchmarkId: true, split: true },
    orderBy: { benchmarkId: "asc" },
  });
  demoIds = all.filter((i) => i.split !== "test").map((i) => i.benchmarkId);
  testIds = all.filter((i) => i.split === "test").map((i) => i.benchmarkId);
  allCount = all.length;
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
    expect(stored.progressTotal).toBe(allCount);
    const jobs = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM pgboss.job WHERE data->>'submissionId' = $1`, result.id);
    expect(Number(jobs[0]!.n)).toBe(1);
    expect(result.validation.coverage).toMatchObject({ valid: 5, missing: allCount - 5, test: { expected: testIds.length, covered: 0, missing: testIds.length } });
  });

  // An identical re-upload is refused with 409 and a link, like any upload of the same predictions; only a retry
  // with the same Idempotency-Key answers with the earlier submission.
  test("a retry with the same Idempotency-Key returns the existing submission; an identical re-upload is a duplicate", async () => {
    const before = await storedCount();
    const retry = await createSubmission(db, upload({ text: rows(demoIds.slice(0, 5)), idempotencyKey: "key-1" }));
    const again = await createSubmission(db, upload({ text: rows(demoIds.slice(0, 5)), system: { name: "Another name", kind: "general_llm" } }));
    expect(retry).toMatchObject({ ok: true, duplicate: true });
    expect(again).toMatchObject({ ok: false, code: "duplicate" });
    expect(retry.ok && !again.ok && again.existing?.id === retry.id && again.existing.url === `/submissions/${retry.id}`).toBe(true);
    expect(await storedCount()).toBe(before);
  });

  test("the same predictions written differently (keys reordered, whitespace, line order, JSON array, gzip) are a duplicate, whoever uploads them", async () => {
    const ids = demoIds.slice(5, 9);
    const items = (id: string) => [{ type: "direct", label: "Personal_Background/Occupation", value: `dup ${id}`, confidence: 0.5 }];
    const first = await createSubmission(db, upload({ text: ids.map((id) => JSON.stringify({ benchmark_id: id, memory_items: items(id) })).join("\n") }));
    expect(first.ok).toBe(true);
    const other = (await db.user.create({ data: { email: `copier-${Date.now()}@example.org` } })).id;
    const reordered = [...ids]
      .reverse()
      .map(
        (id) =>
          `  {"memory_items": [ {"confidence":0.5, "value": "dup ${id}", "type":"direct", "label":"Personal_Background/Occupation"} ],   "benchmark_id": "${id}"}  `,
      )
      .join("\r\n\n");
    const array = JSON.stringify(
      ids.map((id) => ({ memory_items: items(id), benchmark_id: id })),
      null,
      2,
    );
    const { gzipSync } = await import("node:zlib");
    async function* gz(text: string) {
      yield gzipSync(text);
    }
    for (const body of [bytes(reordered), bytes(array), gz(reordered)]) {
      const result = await createSubmission(db, { ...upload({ text: "" }), body, ownerId: other, system: { name: "Copied", kind: "general_llm" } });
      expect(result).toMatchObject({ ok: false, code: "duplicate", existing: { id: first.ok ? first.id : "?", track: "task1" } });
    }
    // a changed value is new content
    const changed = reordered.replace(`dup ${ids[0]}"`, `dup ${ids[0]}!"`);
    expect(await createSubmission(db, upload({ text: changed, ownerId: other }))).toMatchObject({ ok: true });
  });

  test("10 parallel uploads of one file by 10 users make exactly one submission (issue 11 finding 7)", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => db.user.create({ data: { email: `burst-${i}-${Date.now()}@example.org` } })));
    const text = rows(demoIds.slice(10, 14)).replace(/note/g, "burst");
    const results = await Promise.all(users.map((u) => createSubmission(db, upload({ text, ownerId: u.id }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "duplicate")).toHaveLength(9);
    const winner = results.find((r) => r.ok);
    const stored = await db.submission.findUniqueOrThrow({ where: { id: winner!.ok ? winner!.id : "" }, select: { contentSha256: true } });
    expect(await db.submission.count({ where: { contentSha256: stored.contentSha256 } })).toBe(1);
  });

  test("a failed submission does not block the same content", async () => {
    const text = rows(demoIds.slice(-2)).replace(/note/g, "retry");
    const first = await createSubmission(db, upload({ text }));
    if (!first.ok) throw new Error("first upload refused");
    expect(await markSubmissionFailed(db, first.id, "our worker stopped", true)).toBe(true);
    expect(await createSubmission(db, upload({ text }))).toMatchObject({ ok: true });
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
      Array.from({ length: limit + 3 }, (_, i) => createSubmission(db, upload({ text: rows(demoIds.slice(i, i + 2)), ownerId: user }))),
    );
    const accepted = attempts.filter((a) => a.ok);
    expect(accepted).toHaveLength(limit);
    expect(attempts.filter((a) => !a.ok && a.code === "limit_reached")).toHaveLength(3);
    // one of ours fails: the user gets that slot back
    const first = accepted[0]!;
    if (!first.ok) return;
    expect(await markSubmissionFailed(db, first.id, "our worker stopped", true)).toBe(true);
    const refunded = await createSubmission(db, upload({ text: rows(demoIds.slice(9, 12)), ownerId: user }));
    expect(refunded.ok).toBe(true);
  });

  test("test-split probing: a file with some but not all test rows is refused with the count missing, and stores nothing", async () => {
    const user = (await db.user.create({ data: { email: `probe-${Date.now()}@example.org` } })).id;
    const before = await db.submission.count({ where: { ownerId: user } });
    for (const [split, text] of [
      ["test", rows(testIds.slice(0, 1))],
      ["full", rows([...demoIds, testIds[0]!])],
      ["test", rows(testIds.slice(1))],
    ] as const) {
      const result = await createSubmission(db, upload({ text, split, ownerId: user }));
      expect(result).toMatchObject({ ok: false, code: "invalid_file" });
      if (result.ok) continue;
      const covered = split === "test" && text === rows(testIds.slice(1)) ? testIds.length - 1 : 1;
      expect(result.message).toContain(`${testIds.length - covered} of ${testIds.length} test instances have no row`);
      expect(result.validation?.coverage.test).toEqual({ expected: testIds.length, covered, missing: testIds.length - covered, empty: 0 });
    }
    expect(await db.submission.count({ where: { ownerId: user } })).toBe(before);
    // every test row: accepted
    expect(await createSubmission(db, upload({ text: rows(testIds), split: "test", ownerId: user }))).toMatchObject({ ok: true, duplicate: false });
  });

  test("a track with no instances, or a wrong track, is a clear request error", async () => {
    expect(await createSubmission(db, upload({ text: rows(demoIds), track: "task9" as never }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await createSubmission(db, upload({ text: rows(demoIds), benchmark: "nope" }))).toMatchObject({ ok: false, code: "not_found" });
  });
});
