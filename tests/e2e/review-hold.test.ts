import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import type { Db } from "@/lib/db/create-client";
import { makeActors, type Actor, type Role } from "./security-fixtures";
import { e2eDb, jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * Issue 30 #7 over HTTP, as an attacker and a moderator would do it: a Task 2 file that is the dev split's gold
 * (public in the authors' annotation repository) is uploaded; it is held: off the board (JSON and CSV), its API
 * answer and its page 404 for anyone but its owner and admins, and its owner's API answer says "pending review" with
 * the reason (issue 39 #7: its exact figure, 100, was public there); a user, another user and an admin's
 * submit-only token cannot approve it; an admin approves it with a note (ranked, the note on the row and in the
 * audit log) and then rejects it (off the board again, the reason in its owner's API answer).
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

let db: Db;
let actors: Record<Role, Actor>;
let id = "";
let adminSubmitOnly = "";

type Row = Record<string, unknown>;
async function boardRow(): Promise<Row | undefined> {
  const response = await fetch(`${baseUrl}/api/v1/leaderboards/task2?benchmark=demo&split=dev&runs=all`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: Row[] }).rows.find((r) => r.submission_id === id);
}
const moderate = (headers: Record<string, string>, body: unknown) =>
  fetch(`${baseUrl}/api/v1/submissions/${id}/moderation`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  actors = await makeActors(baseUrl, databaseUrl, db, "review");
  adminSubmitOnly = (await createApiToken(db, actors.admin.userId!, { name: "admin submit only", scopes: ["submit"] })).token;
  const version = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" }, select: { id: true } });
  const gold = await db.instance.findMany({
    where: { benchmarkVersionId: version.id, trackId: "task2", split: "dev", gold: { isNot: null } },
    select: { benchmarkId: true, gold: { select: { gold: true } } },
  });
  const rows = gold.map((g) => ({ benchmark_id: g.benchmarkId, memory_items: (g.gold!.gold as { memory_items: unknown[] }).memory_items }));
  const answer = await uploadMultipart(baseUrl, {
    token: actors.user.token!,
    fields: { task: "task2", benchmark: "demo", split: "dev", model: `Gold copy ${Date.now()}` },
    file: jsonl(rows),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  id = answer.body.id!;
  expect((await waitUntilFinished(baseUrl, id, actors.user.token!, 180_000)).status).toBe("done");
}, 300_000);

afterAll(async () => {
  await db?.$disconnect();
});

describe("a new best waits for a moderator", () => {
  test("held: off the board (JSON and CSV); its API answer and page exist for its owner only, with the reason", async () => {
    expect(await boardRow()).toBeUndefined();
    const csv = await (await fetch(`${baseUrl}/api/v1/leaderboards/task2?benchmark=demo&split=dev&runs=all&format=csv`)).text();
    expect(csv).not.toContain("Gold copy");
    expect((await fetch(`${baseUrl}/api/v1/submissions/${id}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${actors.other.token}` } })).status).toBe(404);
    expect((await fetch(`${baseUrl}/submissions/${id}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/submissions/${id}/pack`)).status).toBe(404);
    const mine = await fetch(`${baseUrl}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${actors.user.token}` } });
    const api = (await mine.json()) as { review: { state: string; reason: string } | null };
    expect(api.review).toMatchObject({ state: "pending", reason: expect.stringContaining("reaches the best reported or server-scored row") });
  });

  test("only a moderator with a full token or session approves: a user, another user and an admin's submit-only token are refused", async () => {
    const note = { action: "approve", reason: "Code and paper: https://example.org/gold-copy" };
    expect((await moderate({ authorization: `Bearer ${actors.user.token}` }, note)).status).toBe(403);
    expect((await moderate({ authorization: `Bearer ${actors.other.token}` }, note)).status).toBe(403);
    expect((await moderate({ authorization: `Bearer ${adminSubmitOnly}` }, note)).status).toBe(403);
    expect((await moderate({}, note)).status).toBe(401);
    // an approval needs its note
    expect((await moderate({ authorization: `Bearer ${actors.admin.token}` }, { action: "approve" })).status).toBe(400);
    expect(await boardRow()).toBeUndefined();

    const approved = await moderate({ authorization: `Bearer ${actors.admin.token}` }, note);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ action: "approve", state: { review: { decision: "approved", note: note.reason } } });
    expect(await boardRow()).toMatchObject({ rank: 1, review_state: "approved", review_note: note.reason });
    const audit = await db.auditLog.findMany({ where: { targetId: id, action: "submission.approve" }, select: { reason: true } });
    expect(audit).toEqual([{ reason: note.reason }]);

    const why = "The file is the dev gold copied row for row";
    expect((await moderate({ authorization: `Bearer ${actors.admin.token}` }, { action: "reject", reason: why })).status).toBe(200);
    expect(await boardRow()).toBeUndefined();
    expect((await fetch(`${baseUrl}/api/v1/submissions/${id}`)).status).toBe(404);
    const owned = await fetch(`${baseUrl}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${actors.user.token}` } });
    const api = (await owned.json()) as { review: { state: string; reason: string } | null };
    expect(api.review).toMatchObject({ state: "rejected", reason: expect.stringContaining(why) });
  });
});
