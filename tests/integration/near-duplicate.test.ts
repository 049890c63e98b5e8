import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { createSubmission } from "@/lib/submissions/create-submission";
import { rehashStoredContent } from "@/lib/submissions/rehash-content";
import { bytes, demoPublicIds } from "./upload-helpers";

/**
 * Issue 19 finding 8: a Task 3 file with only row 1's `answer` changed was accepted and tied at rank 1 with the
 * original. Duplicates are judged on the scored projection (lib/benchmarks/alpsbench/upload/scored-projection.ts).
 */

const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
let owner: string;
let copier: string;
let ids: string[];

beforeAll(async () => {
  owner = (await db.user.create({ data: { email: `near-owner-${run}@example.org` } })).id;
  copier = (await db.user.create({ data: { email: `near-copier-${run}@example.org` } })).id;
  ids = await demoPublicIds(db, "task3/d100");
});
afterAll(() => db.$disconnect());

const file = (answer: (index: number) => string) =>
  ids.map((id, i) => JSON.stringify({ benchmark_id: id, selected_memory_id: `near-${run}-${i}`, answer: answer(i), reason: "r" })).join("\n");
const upload = (ownerId: string, text: string, name: string) =>
  createSubmission(db, {
    ownerId,
    track: "task3/d100",
    split: "full",
    benchmark: "demo",
    system: { name, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(text),
  });

describe("a near-duplicate (only unscored text changed) is refused", () => {
  test("another user's Task 3 file with only row 1's answer changed: 409 naming the original", async () => {
    expect(ids.length).toBeGreaterThan(1);
    const original = await upload(
      owner,
      file(() => "the answer"),
      `Near original ${run}`,
    );
    expect(original).toMatchObject({ ok: true });
    const copy = await upload(
      copier,
      file((i) => (i === 0 ? "a reworded answer" : "the answer")),
      `Near copy ${run}`,
    );
    expect(copy).toMatchObject({ ok: false, code: "duplicate", existing: { id: original.ok ? original.id : "" } });
    // a different selection is a different submission
    const other = await upload(copier, file(() => "the answer").replace(`near-${run}-0"`, `near-${run}-other"`), `Near other ${run}`);
    expect(other).toMatchObject({ ok: true });
  });

  test("a hash stored before the projection (whole rows) is re-computed from the stored file by rehash-content", async () => {
    const text = file((i) => `legacy ${i}`).replaceAll(`near-${run}-`, `legacy-${run}-`);
    const original = await upload(owner, text, `Legacy ${run}`);
    if (!original.ok) throw new Error(original.message);
    const projected = (await db.submission.findUniqueOrThrow({ where: { id: original.id } })).contentSha256;
    await db.submission.update({ where: { id: original.id }, data: { contentSha256: "0".repeat(64) } });
    // with the old hash in place, the same file is not recognised
    const missed = await upload(copier, text, `Legacy copy ${run}`);
    expect(missed).toMatchObject({ ok: true });
    if (missed.ok) await db.submission.delete({ where: { id: missed.id } });
    const result = await rehashStoredContent(db);
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect((await db.submission.findUniqueOrThrow({ where: { id: original.id } })).contentSha256).toBe(projected);
    expect(await upload(copier, text.replace("legacy 1", "reworded"), `Legacy copy ${run}`)).toMatchObject({ ok: false, code: "duplicate" });
  });
});
