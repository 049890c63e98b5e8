import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { setSubmissionVisibility } from "@/lib/moderation/set-visibility";
import { createSubmission } from "@/lib/submissions/create-submission";
import { deleteSubmission } from "@/lib/submissions/delete-submission";
import { bytes, demoPublicIds } from "./upload-helpers";

/**
 * Issue 19 finding 7: a private or admin-hidden copy of a file blocked everyone else's upload of it forever (409
 * even after `hide`, and no delete), so anyone holding a group's outputs could squat their submission. Now a
 * duplicate is refused only against the uploader's own submissions and publicly visible ones; when a private copy
 * is made public later, the earlier upload keeps the place; owners and admins can delete, audited.
 */

const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
const users: Record<"alice" | "bob" | "carol" | "admin", string> = { alice: "", bob: "", carol: "", admin: "" };
let file: string;

const upload = (owner: keyof typeof users, visibility: "public" | "private" = "public", text = file) =>
  createSubmission(db, {
    ownerId: users[owner],
    track: "task2",
    split: "full",
    benchmark: "demo",
    system: { name: `Squat ${owner} ${run}`, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(text),
    visibility,
  });
const idOf = (result: Awaited<ReturnType<typeof upload>>) => {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.id;
};

beforeAll(async () => {
  for (const name of Object.keys(users) as (keyof typeof users)[]) {
    users[name] = (await db.user.create({ data: { email: `squat-${name}-${run}@example.org`, role: name === "admin" ? "admin" : "user" } })).id;
  }
  const instance = (await demoPublicIds(db, "task2")).at(-1);
  file = JSON.stringify({ benchmark_id: instance, memory_items: [{ type: "direct", label: "x", value: `squat ${run}`, confidence: 0.5 }] });
});
afterAll(() => db.$disconnect());

describe("duplicates: a private or hidden copy does not block another user; the earlier upload keeps the place", () => {
  let alicePrivate: string;
  let bobPublic: string;
  let carolPublic: string;

  test("another user's private copy does not block; the uploader's own copy and a public one do", async () => {
    alicePrivate = idOf(await upload("alice", "private"));
    bobPublic = idOf(await upload("bob"));
    // her own copy blocks her, whatever its visibility
    expect(await upload("alice", "private")).toMatchObject({ ok: false, code: "duplicate", existing: { id: alicePrivate } });
    // Bob's public copy blocks Carol, and is named
    expect(await upload("carol")).toMatchObject({ ok: false, code: "duplicate", existing: { id: bobPublic, url: `/submissions/${bobPublic}` } });
  });

  test("an admin-hidden copy does not block either", async () => {
    const hidden = await moderateSubmission(db, { submissionId: bobPublic, actorId: users.admin, request: { action: "hide", reason: "copied outputs" } });
    expect(hidden.ok).toBe(true);
    carolPublic = idOf(await upload("carol"));
  });

  test("made public later, the earliest copy keeps the place: later public copies are hidden with a reason, audited", async () => {
    const made = await setSubmissionVisibility(db, { submissionId: alicePrivate, viewer: { id: users.alice, role: "user" }, visibility: "public" });
    expect(made).toEqual({ ok: true, visibility: "public", changed: true, hiddenCopies: [carolPublic] });
    const carol = await db.submission.findUniqueOrThrow({ where: { id: carolPublic }, select: { hiddenAt: true, moderationReason: true } });
    expect(carol.hiddenAt).not.toBeNull();
    expect(carol.moderationReason).toContain(alicePrivate);
    expect(await db.auditLog.count({ where: { targetId: carolPublic, action: "submission.hide", actorId: null } })).toBe(1);
    // the later copy cannot come back beside it: unhiding Bob's (uploaded after Alice's) is a conflict naming hers
    const unhide = await moderateSubmission(db, { submissionId: bobPublic, actorId: users.admin, request: { action: "unhide" } });
    expect(unhide).toMatchObject({ ok: false, code: "conflict", message: expect.stringContaining(alicePrivate) });
  });

  test("a later private copy cannot be made public beside an earlier public one (409 naming it)", async () => {
    const other = file.replace(`squat ${run}`, `squat2 ${run}`);
    const first = idOf(await upload("bob", "private", other));
    const later = idOf(await upload("carol", "private", other));
    expect(await setSubmissionVisibility(db, { submissionId: first, viewer: { id: users.bob, role: "user" }, visibility: "public" })).toMatchObject({ ok: true });
    const made = await setSubmissionVisibility(db, { submissionId: later, viewer: { id: users.carol, role: "user" }, visibility: "public" });
    expect(made).toMatchObject({ ok: false, code: "conflict", message: expect.stringContaining(first) });
    expect((await db.submission.findUniqueOrThrow({ where: { id: later } })).visibility).toBe("private");
  });
});

describe("deleting a submission: its owner or an admin, audited", () => {
  test("the owner deletes hers: the row, its scores and its waiting job go; the audit row stays", async () => {
    const text = file.replace(`squat ${run}`, `delete ${run}`);
    const id = idOf(await upload("carol", "private", text));
    await db.score.create({ data: { submissionId: id, trackId: "task2", metric: "f1", kind: "deterministic", scoreVersion: "test", value: 0.5 } });
    // someone else cannot (a private one does not even exist for them)
    expect(await deleteSubmission(db, { submissionId: id, viewer: { id: users.bob, role: "user" } })).toMatchObject({ ok: false, code: "not_found" });
    const deleted = await deleteSubmission(db, { submissionId: id, viewer: { id: users.carol, role: "user" } });
    expect(deleted).toMatchObject({ ok: true, id });
    expect(await db.submission.count({ where: { id } })).toBe(0);
    expect(await db.score.count({ where: { submissionId: id } })).toBe(0);
    const jobs = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM pgboss.job WHERE data->>'submissionId' = $1`, id);
    expect(Number(jobs[0]!.n)).toBe(0);
    expect(await db.auditLog.findFirst({ where: { targetId: id }, select: { action: true, actorId: true, reason: true } })).toMatchObject({
      action: "submission.delete.own",
      actorId: users.carol,
      reason: expect.stringContaining(`Squat carol ${run}`),
    });
    // and the same file can be uploaded again (by her, or anyone)
    idOf(await upload("carol", "public", text));
  });

  test("another user cannot delete a public one (403); an admin can, and that is public moderation", async () => {
    const text = file.replace(`squat ${run}`, `admin-delete ${run}`);
    const id = idOf(await upload("bob", "public", text));
    expect(await deleteSubmission(db, { submissionId: id, viewer: { id: users.carol, role: "user" } })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await deleteSubmission(db, { submissionId: id, viewer: { id: users.admin, role: "admin" } })).toMatchObject({ ok: true });
    expect(await db.auditLog.findFirst({ where: { targetId: id }, select: { action: true } })).toEqual({ action: "submission.delete" });
  });
});
