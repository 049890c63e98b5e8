import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { buildAlpsBenchPack } from "@/lib/benchmarks/alpsbench/pack/build-pack";
import { createPrismaClient } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { getSystemPage } from "@/lib/db/queries/system-page";
import { packKey } from "@/lib/packs/pack-store";
import { systemHistory } from "@/lib/systems/system-history";
import { scoreToEnd } from "./upload-helpers";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Issue 36 item 5 through the real routes: the owner of an upload renames its system and changes its kind
 * (PATCH /api/v1/systems/{slug}); the board's row and the system page show the new name and kind, the page's
 * history lists both changes, the slug and the submission's links stay, its pack is rebuilt with the new name and
 * the same figures. Another user, a token without the submit scope, a reported system and a name posing as a
 * reported one are refused, and change nothing.
 */
const db = createPrismaClient(inject("databaseUrl"));
const stamp = Date.now().toString(36);
const OLD = `Rename Me ${stamp}`;
const NEW = `Renamed Memory ${stamp}`;
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let upload: (request: Request) => Promise<Response>;
let patch: Handler;
let getBoard: Handler;
const tokens = { owner: "", readOnly: "", other: "" };
let ownerId = "";
let submissionId = "";
let slug = "";
let instanceIds: string[] = [];

const change = (who: keyof typeof tokens, target: string, body: unknown) =>
  patch(
    new NextRequest(`http://127.0.0.1/api/v1/systems/${target}`, {
      method: "PATCH",
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${tokens[who]}`, "content-type": "application/json" },
    }),
    { params: Promise.resolve({ slug: target }) },
  );

async function boardRow(name: string) {
  const response = await getBoard(
    new NextRequest(`http://127.0.0.1/api/v1/leaderboards/task3-d100?benchmark=demo&split=dev&format=json&q=${encodeURIComponent(name)}`),
    {
      params: Promise.resolve({ view: "task3-d100" }),
    },
  );
  const json = (await response.json()) as { rows: Record<string, unknown>[] };
  return json.rows.find((r) => r.system_slug === slug);
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  ownerId = (await db.user.create({ data: { email: `rename-${stamp}@example.org` } })).id;
  const otherId = (await db.user.create({ data: { email: `rename-other-${stamp}@example.org` } })).id;
  tokens.owner = (await createApiToken(db, ownerId, { name: "rename", scopes: ["submit", "read"] })).token;
  tokens.readOnly = (await createApiToken(db, ownerId, { name: "rename read", scopes: ["read"] })).token;
  tokens.other = (await createApiToken(db, otherId, { name: "rename other", scopes: ["submit", "read"] })).token;
  upload = ((await import("@/app/api/v1/submissions/route")) as unknown as { POST: typeof upload }).POST;
  patch = ((await import("@/app/api/v1/systems/[slug]/route")) as unknown as { PATCH: Handler }).PATCH;
  getBoard = ((await import("@/app/api/v1/leaderboards/[view]/route")) as unknown as { GET: Handler }).GET;

  const ids = (instanceIds = (
    await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId: "task3/d100", split: "dev" },
      select: { benchmarkId: true },
      orderBy: { benchmarkId: "asc" },
    })
  ).map((i) => i.benchmarkId));
  const text = ids.map((id) => JSON.stringify({ benchmark_id: id, answer: "a", reason: "r" })).join("\n");
  const form = new FormData();
  // the kind left at the form's default, as the memory system was
  for (const [name, value] of Object.entries({ benchmark: "demo", task: "task3_d100", split: "dev", model: OLD, kind: "general_llm" })) form.append(name, value);
  form.append("file", new Blob([text]), "predictions.jsonl");
  const answer = await upload(
    new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${tokens.owner}` } }),
  );
  expect(answer.status).toBe(202);
  submissionId = ((await answer.json()) as { id: string }).id;
  await scoreToEnd(db, submissionId);
  slug = (await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { system: { select: { slug: true } } } })).system.slug;
}, 300_000);
afterAll(() => db.$disconnect());

describe("an owner renames a system and changes its kind", () => {
  test("refused for another user, a token without the submit scope, a reported system and a posing name; nothing changes", async () => {
    const other = await change("other", slug, { name: `Taken Over ${stamp}` });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { message: string } }).error.message).toContain("another user's");
    const readOnly = await change("readOnly", slug, { kind: "memory_system" });
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { error: { message: string } }).error.message).toContain("lacks submit");

    // a paper system (one with reported figures), not an ownerless system another test file made
    const reported = await db.system.findFirstOrThrow({
      where: { ownerId: null, kind: { not: "baseline" }, submissions: { some: { source: "reported" } } },
      select: { slug: true, name: true },
    });
    expect((await change("owner", reported.slug, { name: `Mine ${stamp}` })).status).toBe(403);
    // a reported system's name, in look-alike letters (Cyrillic "о" for "o" where it has one, else upper case)
    const lookAlike = /o/.test(reported.name) ? reported.name.replace("o", "\u043e") : reported.name.toUpperCase();
    expect((await change("owner", slug, { name: lookAlike })).status).toBe(409);
    // a reported system's name plus a tier word reads as that system's row
    expect((await change("owner", slug, { name: `${reported.name} (reported)` })).status).toBe(422);
    expect((await change("owner", slug, { name: "a\u202eb" })).status).toBe(400);
    expect((await change("owner", slug, { kind: "baseline" })).status).toBe(400);
    expect((await change("owner", "no-such-system-here", { name: "x" })).status).toBe(404);

    expect(await db.system.findUniqueOrThrow({ where: { slug }, select: { name: true, kind: true } })).toEqual({ name: OLD, kind: "general_llm" });
    expect(await db.system.findUniqueOrThrow({ where: { slug: reported.slug }, select: { name: true } })).toEqual({ name: reported.name });
    expect(await db.auditLog.count({ where: { targetType: "system", reason: { contains: stamp } } })).toBe(0);
  });

  test("the board, the system page and its history show the change; the slug, links and pack figures stay", async () => {
    expect(await boardRow(OLD)).toMatchObject({ system: OLD, kind: "general_llm" });
    const before = { version: await leaderboardVersion(db), key: await packKey(db, submissionId), pack: (await buildAlpsBenchPack(db, submissionId))! };

    const answer = await change("owner", slug, { name: NEW, kind: "memory_system" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ slug, name: NEW, kind: "memory_system", changed: ["name", "kind"] });
    // the same again changes nothing and writes no second history line
    expect(await (await change("owner", slug, { name: NEW })).json()).toMatchObject({ changed: [] });

    // cached boards and pages refresh: the leaderboard version moved
    expect(await leaderboardVersion(db)).toBeGreaterThan(before.version);
    const row = await boardRow(NEW);
    expect(row).toMatchObject({ system: NEW, system_slug: slug, kind: "memory_system", submission_id: submissionId });

    const page = await getSystemPage(db, slug, null);
    expect(page?.system).toMatchObject({ slug, name: NEW, kind: "memory_system" });
    expect(page?.submissions.map((s) => s.id)).toContain(submissionId);
    const history = await systemHistory(db, page!.system.id);
    expect(history.map((h) => [h.what, h.change])).toEqual([
      ["renamed", `"${OLD}" → "${NEW}"`],
      ["kind changed", "general_llm → memory_system"],
    ]);
    const audited = await db.auditLog.findMany({ where: { targetType: "system", targetId: page!.system.id }, select: { actorId: true, action: true } });
    expect(audited).toEqual(
      expect.arrayContaining([
        { actorId: ownerId, action: "system.rename" },
        { actorId: ownerId, action: "system.kind" },
      ]),
    );

    // the pack is rebuilt (its key moved) under the new name, the same slug and the same figures
    expect(await packKey(db, submissionId)).not.toBe(before.key);
    const after = (await buildAlpsBenchPack(db, submissionId))!;
    expect(after.manifest.submission).toMatchObject({ system: NEW, system_slug: slug, id: submissionId });
    expect(after.manifest.figures).toEqual(before.pack.manifest.figures);

    // an upload under the new name goes to the same system (the slug stays the owner's system of that name)
    const form = new FormData();
    for (const [name, value] of Object.entries({ benchmark: "demo", task: "task3_d100", split: "dev", model: NEW, kind: "memory_system" })) form.append(name, value);
    form.append("file", new Blob([JSON.stringify({ benchmark_id: instanceIds[0], answer: "b", reason: "r" })]), "predictions.jsonl");
    const second = await upload(
      new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${tokens.owner}` } }),
    );
    expect(second.status).toBe(202);
    const id = ((await second.json()) as { id: string }).id;
    expect((await db.submission.findUniqueOrThrow({ where: { id }, select: { system: { select: { slug: true } } } })).system.slug).toBe(slug);
  });

  test("at most 10 changes per system per 24 hours: the public history cannot be flooded", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await change("owner", slug, { name: `${NEW} ${i}` })).status);
    expect(statuses).toContain(429);
    const systemId = (await db.system.findUniqueOrThrow({ where: { slug }, select: { id: true } })).id;
    expect(await db.auditLog.count({ where: { targetType: "system", targetId: systemId } })).toBe(10);
  });
});
