import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import type { Db } from "@/lib/db/create-client";
import { asActor, canary, demoTask1Ids, makeActors, removeUploads, uploadScored, type Actor, type Role } from "./security-fixtures";
import { e2eDb, jsonl, uploadMultipart } from "./submissions-helpers";

/**
 * Access rules, each checked as an attacker would probe them:
 *  1. the session endpoint must not hand a page's scripts the HttpOnly session cookie's value;
 *  2. /compare must answer a private-only or hidden system exactly as it answers a slug that does not exist;
 *  3. an API token's scopes hold on every route a token reaches (matrix below);
 *  4. a test-split file that does not cover every test instance is refused at upload, with the count missing.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

const NAMES = { privateOnly: canary("SECPRIVSYS"), hiddenOnly: canary("SECHIDDENSYS") };

let db: Db;
let actors: Record<Role, Actor>;
const created: string[] = [];
const ctx = { publicId: "", privateId: "", hiddenId: "", publicSlug: "", privateSlug: "", hiddenSlug: "", devId: "" };
/** the user's tokens with fewer scopes than everything */
const scoped: { submitOnly: string; readOnly: string; adminSubmitOnly: string } = { submitOnly: "", readOnly: "", adminSubmitOnly: "" };

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  actors = await makeActors(baseUrl, databaseUrl, db, "findings");
  const dev = await demoTask1Ids(db, "dev");
  ctx.devId = dev[0]!;
  const token = actors.user.token!;
  ctx.publicId = await uploadScored(baseUrl, token, { model: "Findings Public", split: "dev" }, dev, "Has a dog");
  ctx.privateId = await uploadScored(baseUrl, token, { model: NAMES.privateOnly, split: "dev", visibility: "private" }, dev, "Has a cat");
  ctx.hiddenId = await uploadScored(baseUrl, token, { model: NAMES.hiddenOnly, split: "dev" }, dev, "Has a fish");
  created.push(ctx.publicId, ctx.privateId, ctx.hiddenId);
  const hide = await fetch(`${baseUrl}/api/v1/submissions/${ctx.hiddenId}/moderation`, {
    method: "POST",
    headers: { authorization: `Bearer ${actors.admin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ action: "hide", reason: "security findings: hidden system" }),
  });
  expect(hide.status).toBe(200);
  const rows = await db.submission.findMany({ where: { id: { in: created } }, select: { id: true, system: { select: { slug: true } } } });
  const slugOf = (id: string) => rows.find((r) => r.id === id)!.system.slug;
  [ctx.publicSlug, ctx.privateSlug, ctx.hiddenSlug] = [slugOf(ctx.publicId), slugOf(ctx.privateId), slugOf(ctx.hiddenId)];
  scoped.submitOnly = (await createApiToken(db, actors.user.userId!, { name: "submit only", scopes: ["submit"] })).token;
  scoped.readOnly = (await createApiToken(db, actors.user.userId!, { name: "read only", scopes: ["read"] })).token;
  scoped.adminSubmitOnly = (await createApiToken(db, actors.admin.userId!, { name: "admin submit only", scopes: ["submit"] })).token;
}, 300_000);

afterAll(async () => {
  if (db) await removeUploads(db, created);
  await db?.$disconnect();
});

describe("finding 1: the session endpoint", () => {
  test("GET /api/auth/session carries no session token (nor any other secret), only who is signed in", async () => {
    for (const role of ["user", "admin"] as const) {
      const actor = actors[role];
      const cookieValue = actor.cookie!.split("=").slice(1).join("=");
      const response = await fetch(`${baseUrl}/api/auth/session`, { headers: asActor(actor) });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text, "the HttpOnly cookie's value").not.toContain(cookieValue);
      const body = JSON.parse(text) as Record<string, unknown>;
      // exactly these keys: the account menu needs the user, next-auth's client the expiry
      expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
      expect(Object.keys(body.user as object).sort()).toEqual(expect.arrayContaining(["email", "id", "role"]));
      for (const key of Object.keys(body.user as object)) expect(["name", "email", "image", "id", "role"]).toContain(key);
    }
    // a visitor gets the empty session
    expect(await (await fetch(`${baseUrl}/api/auth/session`)).json()).toBeNull();
  });
});

/** A page's HTML with the probed slug and this answer's CSP nonce (different on every answer) replaced. */
function normalised(html: string, response: Response, slug: string): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const out = html.replaceAll(slug, "SLUG");
  return nonce ? out.replaceAll(nonce, "NONCE") : out;
}

/**
 * A page as its shell and its React flight rows, in a stable order: Next streams the rows in `self.__next_f.push`
 * chunks whose boundaries and order vary with timing (CI: the same 404 sent one row in a chunk of its own once, inside
 * another chunk the next time), so two equal answers compare equal whatever their chunking.
 */
function flightParts(html: string): { shell: string; rows: string[] } {
  const chunk = /<script nonce="NONCE">self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)<\/script>/g;
  const payload = [...html.matchAll(chunk)].map((m) => m[1]).join("");
  return {
    shell: html.replace(chunk, ""),
    rows: payload
      .split(/(?<!\\)\\n/)
      .filter(Boolean)
      .sort(),
  };
}

describe("finding 2: system slugs cannot be probed", () => {
  /** The compare page's main content with the probed slug and the answer's CSP nonce replaced, so answers for different slugs compare. */
  async function compareAnswer(actor: Actor, slug: string): Promise<{ status: number; main: string }> {
    const response = await fetch(`${baseUrl}/compare?a=${encodeURIComponent(ctx.publicSlug)}&b=${encodeURIComponent(slug)}`, { headers: asActor(actor) });
    const html = normalised(await response.text(), response, slug);
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
    return { status: response.status, main };
  }

  for (const role of ["visitor", "other"] as const) {
    test(`/compare answers ${role === "visitor" ? "a visitor" : "another user"} the same for a private-only, a hidden and a nonexistent system`, async () => {
      const missing = await compareAnswer(actors[role], "no-such-system-zz9");
      const priv = await compareAnswer(actors[role], ctx.privateSlug);
      const hidden = await compareAnswer(actors[role], ctx.hiddenSlug);
      expect(priv.main).not.toContain(NAMES.privateOnly);
      expect(hidden.main).not.toContain(NAMES.hiddenOnly);
      expect(priv).toEqual(missing);
      expect(hidden).toEqual(missing);
      // also as side A
      const a = await fetch(`${baseUrl}/compare?a=${ctx.privateSlug}&b=${ctx.publicSlug}`, { headers: asActor(actors[role]) });
      expect(await a.text()).not.toContain(NAMES.privateOnly);
      // and as a third or fourth system: the same answer as a nonexistent one there too
      const third = async (slug: string) => {
        const response = await fetch(`${baseUrl}/compare?a=${ctx.publicSlug}&b=${ctx.publicSlug}&c=${encodeURIComponent(slug)}`, { headers: asActor(actors[role]) });
        const html = normalised(await response.text(), response, slug);
        return { status: response.status, main: /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html };
      };
      const missingThird = await third("no-such-system-zz9");
      expect(missingThird.main).toContain("No system");
      expect(await third(ctx.privateSlug)).toEqual(missingThird);
      expect(await third(ctx.hiddenSlug)).toEqual(missingThird);
    });
  }

  test("/systems/<slug> is the same 404 for a private-only, a hidden and a nonexistent system", async () => {
    const answer = async (slug: string) => {
      const response = await fetch(`${baseUrl}/systems/${slug}`);
      return { status: response.status, ...flightParts(normalised(await response.text(), response, slug)) };
    };
    const missing = await answer("no-such-system-zz9");
    expect(missing.status).toBe(404);
    expect(await answer(ctx.privateSlug)).toEqual(missing);
    expect(await answer(ctx.hiddenSlug)).toEqual(missing);
  });
});

describe("finding 3: token scopes", () => {
  type Call = { label: string; method: "GET" | "PATCH" | "POST"; path: () => string; body?: () => string };
  const calls: Call[] = [
    { label: "GET private submission", method: "GET", path: () => `/api/v1/submissions/${ctx.privateId}` },
    { label: "GET private breakdown", method: "GET", path: () => `/api/v1/submissions/${ctx.privateId}/breakdown` },
    { label: "GET private breakdown per dimension", method: "GET", path: () => `/api/v1/submissions/${ctx.privateId}/breakdown?level=dimension&format=csv` },
    { label: "GET public submission", method: "GET", path: () => `/api/v1/submissions/${ctx.publicId}` },
    { label: "GET public breakdown", method: "GET", path: () => `/api/v1/submissions/${ctx.publicId}/breakdown` },
    // this route must check the token's scope like every other (a submit-only token reads as a visitor)
    {
      label: "GET private instance input",
      method: "GET",
      path: () => `/api/v1/submissions/${ctx.privateId}/instance-input?track=task1&benchmark_id=${ctx.devId}`,
    },
    {
      label: "PATCH private submission (keeps it private)",
      method: "PATCH",
      path: () => `/api/v1/submissions/${ctx.privateId}`,
      body: () => JSON.stringify({ visibility: "private" }),
    },
    {
      label: "PATCH public submission (keeps it public)",
      method: "PATCH",
      path: () => `/api/v1/submissions/${ctx.publicId}`,
      body: () => JSON.stringify({ visibility: "public" }),
    },
    { label: "GET the queue", method: "GET", path: () => "/api/v1/queue" },
    { label: "GET inputs", method: "GET", path: () => "/api/v1/inputs/task1?benchmark=demo&split=dev" },
    { label: "GET a leaderboard", method: "GET", path: () => "/api/v1/leaderboards/task1?benchmark=demo" },
  ];
  /**
   * What each token gets. A token without `read` acts as a visitor for reads (public data only; a private
   * submission does not exist for it), and may not change an existing submission either: changing one
   * (visibility, moderation) needs `submit` and `read`, since making a private submission public would read it.
   */
  const expected: Record<string, { submitOnly: number; readOnly: number; both: number }> = {
    "GET private submission": { submitOnly: 404, readOnly: 200, both: 200 },
    "GET private breakdown": { submitOnly: 404, readOnly: 200, both: 200 },
    "GET private breakdown per dimension": { submitOnly: 404, readOnly: 200, both: 200 },
    "GET public submission": { submitOnly: 200, readOnly: 200, both: 200 },
    "GET public breakdown": { submitOnly: 200, readOnly: 200, both: 200 },
    "GET private instance input": { submitOnly: 404, readOnly: 200, both: 200 },
    "PATCH private submission (keeps it private)": { submitOnly: 403, readOnly: 403, both: 200 },
    "PATCH public submission (keeps it public)": { submitOnly: 403, readOnly: 403, both: 200 },
    "GET the queue": { submitOnly: 200, readOnly: 200, both: 200 },
    "GET inputs": { submitOnly: 200, readOnly: 200, both: 200 },
    "GET a leaderboard": { submitOnly: 200, readOnly: 200, both: 200 },
  };

  test("every token-reachable call, with a submit-only, a read-only and a full token", async () => {
    const got: Record<string, { submitOnly: number; readOnly: number; both: number }> = {};
    for (const call of calls) {
      const row = { submitOnly: 0, readOnly: 0, both: 0 };
      for (const [name, token] of [
        ["submitOnly", scoped.submitOnly],
        ["readOnly", scoped.readOnly],
        ["both", actors.user.token!],
      ] as const) {
        const response = await fetch(`${baseUrl}${call.path()}`, {
          method: call.method,
          headers: { authorization: `Bearer ${token}`, ...(call.body ? { "content-type": "application/json" } : {}) },
          body: call.body?.(),
        });
        row[name] = response.status;
        const text = await response.text();
        if (name === "submitOnly") expect(text, call.label).not.toContain(NAMES.privateOnly);
      }
      got[call.label] = row;
    }
    expect(got).toEqual(expected);
  });

  test("a submit-only token uploads; a read-only token cannot; a submit-only token gets the public view of its public submission", async () => {
    const dev = await demoTask1Ids(db, "dev");
    const file = jsonl(dev.slice(0, 2).map((id) => ({ benchmark_id: id, memory_items: [] })));
    const refused = await uploadMultipart(baseUrl, {
      token: scoped.readOnly,
      fields: { task: "task1", benchmark: "demo", split: "dev", model: "Scope Read Only" },
      file,
    });
    expect(refused.status).toBe(403);
    const accepted = await uploadMultipart(baseUrl, {
      token: scoped.submitOnly,
      fields: { task: "task1", benchmark: "demo", split: "dev", model: "Scope Submit Only", visibility: "private" },
      file,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    created.push(accepted.body.id!);
    // its own private upload is not readable with this token either: reading needs `read`
    const status = await fetch(`${baseUrl}/api/v1/submissions/${accepted.body.id}`, { headers: { authorization: `Bearer ${scoped.submitOnly}` } });
    expect(status.status).toBe(404);
    // the owner-only fields (file, validation) are not in the public view a submit-only token gets
    const pub = (await (
      await fetch(`${baseUrl}/api/v1/submissions/${ctx.publicId}`, { headers: { authorization: `Bearer ${scoped.submitOnly}` } })
    ).json()) as Record<string, unknown>;
    expect(pub).not.toHaveProperty("file");
    expect(pub).not.toHaveProperty("validation");
    expect(pub.isOwner).toBe(false);
  });

  test("an admin's submit-only token cannot unhide (read) a hidden submission; with both scopes it could", async () => {
    const unhide = await fetch(`${baseUrl}/api/v1/submissions/${ctx.hiddenId}/moderation`, {
      method: "POST",
      headers: { authorization: `Bearer ${scoped.adminSubmitOnly}`, "content-type": "application/json" },
      body: JSON.stringify({ action: "unhide" }),
    });
    expect(unhide.status).toBe(403);
    const read = await fetch(`${baseUrl}/api/v1/submissions/${ctx.hiddenId}`, { headers: { authorization: `Bearer ${scoped.adminSubmitOnly}` } });
    expect(read.status).toBe(404);
  });
});

describe("finding 4: test-split probing", () => {
  test("a one-row test-split file is refused (422) naming how many test instances are missing; nothing is stored", async () => {
    const testIds = await demoTask1Ids(db, "test");
    expect(testIds.length).toBeGreaterThan(1);
    const before = await db.submission.count();
    const one = jsonl([
      { benchmark_id: testIds[0], memory_items: [{ memory_id: "m1", type: "direct", label: "Personal_Background/Pets", value: "Has a dog", confidence: 0.9 }] },
    ]);
    for (const visibility of ["private", "public"]) {
      const answer = await uploadMultipart(baseUrl, {
        token: actors.other.token!,
        fields: { task: "task1", benchmark: "demo", split: "test", model: "Probe", visibility },
        file: one,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.error?.message).toContain(`${testIds.length - 1} of ${testIds.length} test instances`);
    }
    // the same probe hidden in a "full" file (dev rows whose per-instance scores are public + one test row)
    const dev = await demoTask1Ids(db, "dev");
    const mixed = jsonl([...dev.map((id) => ({ benchmark_id: id, memory_items: [] })), { benchmark_id: testIds[0], memory_items: [] }]);
    const full = await uploadMultipart(baseUrl, {
      token: actors.other.token!,
      fields: { task: "task1", benchmark: "demo", split: "full", model: "Probe" },
      file: mixed,
    });
    expect(full.status, JSON.stringify(full.body)).toBe(422);
    expect(full.body.error?.message).toContain(`${testIds.length - 1} of ${testIds.length} test instances`);
    expect(await db.submission.count()).toBe(before);
  });

  test("a test-split file covering every test instance is accepted, and no non-admin answer carries a per-instance or small-cell test score", async () => {
    const testIds = await demoTask1Ids(db, "test");
    const id = await uploadScored(baseUrl, actors.user.token!, { model: "Findings Full Test", split: "test" }, testIds, "Has a parrot");
    created.push(id);
    for (const actor of [actors.visitor, actors.user, actors.other]) {
      const headers: Record<string, string> = actor.token ? { authorization: `Bearer ${actor.token}` } : {};
      const instance = (await (await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown`, { headers })).json()) as { rows: unknown[]; withheld: { test: number } };
      expect(instance.rows).toEqual([]);
      expect(instance.withheld.test).toBe(testIds.length);
      for (const by of ["domain", "label"]) {
        const dimension = (await (await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown?level=dimension&by=${by}`, { headers })).json()) as {
          groups: unknown[];
        };
        expect(dimension.groups).toEqual([]);
      }
      const status = (await (await fetch(`${baseUrl}/api/v1/submissions/${id}`, { headers })).json()) as { metrics: Record<string, { n: number | null }> };
      for (const metric of Object.values(status.metrics)) expect(metric.n).toBe(testIds.length);
    }
  });
});

/*
 * Crafted input: each case must be answered 4xx with its field, never 500 (or 202 with the input stored as
 * something the sender did not mean).
 */
describe("second pass: crafted URLs and headers answer 4xx, never 500", () => {
  const status = async (path: string, headers: Record<string, string> = {}) => (await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" })).status;

  test("a prototype name as a route segment is an unknown page or leaderboard (404)", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(await status(`/api/v1/leaderboards/${name}`), name).toBe(404);
      expect(await status(`/tasks/${name}`), name).toBe(404);
    }
  });

  test("a NUL or invalid UTF-8 in the path or query is a 400, before any route or database", async () => {
    const paths = [
      "/systems/%00",
      "/submissions/%00",
      "/runs/%00",
      `/api/v1/submissions/%00`,
      `/api/v1/submissions/%00/breakdown`,
      `/api/v1/submissions/%00/items`,
      "/api/v1/inputs/task1?benchmark=%00",
      "/api/v1/inputs/task1/example?benchmark=%00",
      "/tasks/%ff",
      "/api/v1/leaderboards/task3/%ff",
      "/api/v1/submissions/%ff",
      "/tasks/task1?q=%ff",
    ];
    for (const path of paths) expect(await status(path), path).toBe(400);
    const api = await fetch(`${baseUrl}/api/v1/submissions/%00`);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("bad_request");
  });

  test("a client-written X-Forwarded-Host or X-Forwarded-Proto changes nothing (it made every page that reads the session answer 500)", async () => {
    const crafted: Record<string, string>[] = [
      { "x-forwarded-host": "a:99999" },
      { "x-forwarded-host": "a b" },
      { "x-forwarded-host": "[" },
      { "x-forwarded-proto": "1" },
    ];
    for (const headers of crafted) {
      for (const path of ["/submit", "/signin", `/systems/${ctx.publicSlug}`, `/submissions/${ctx.publicId}`, `/api/v1/submissions/${ctx.publicId}`]) {
        expect(await status(path, headers), `${path} ${JSON.stringify(headers)}`).toBe(200);
      }
      expect(await status("/account", { ...headers, ...asActor(actors.user) }), JSON.stringify(headers)).toBe(200);
    }
  });

  test("a moderation reason with a NUL or another control character is a 400 naming the field (a NUL was a 500)", async () => {
    for (const reason of ["a\u0000b", "a\u0001b"]) {
      const answer = await fetch(`${baseUrl}/api/v1/submissions/${ctx.publicId}/moderation`, {
        method: "POST",
        headers: { authorization: `Bearer ${actors.admin.token}`, "content-type": "application/json" },
        body: JSON.stringify({ action: "flag", reason }),
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/reason.*control character/);
    }
  });

  test("a C1 control character or an invisible name in a model name is refused (U+0085 and a zero-width-only name were accepted)", async () => {
    const ids = await demoTask1Ids(db, "dev");
    const file = jsonl(ids.map((id) => ({ benchmark_id: id, memory_items: [] })));
    for (const model of ["a\u0085b", "\u200b"]) {
      const answer = await uploadMultipart(baseUrl, { token: actors.user.token!, fields: { task: "task1", benchmark: "demo", split: "dev", model }, file });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain("model");
    }
    // a file name (multipart) or an organisation that shows nothing
    const invisibleFile = await uploadMultipart(baseUrl, {
      token: actors.user.token!,
      fields: { task: "task1", benchmark: "demo", split: "dev", model: "Visible" },
      file,
      fileName: "\u200b",
    });
    expect(invisibleFile.status, JSON.stringify(invisibleFile.body)).toBe(400);
    expect(JSON.stringify(invisibleFile.body)).toContain("filename");
    const invisibleOrg = await uploadMultipart(baseUrl, {
      token: actors.user.token!,
      fields: { task: "task1", benchmark: "demo", split: "dev", model: "Visible", organisation: "\u3164" },
      file,
    });
    expect(invisibleOrg.status, JSON.stringify(invisibleOrg.body)).toBe(400);
    expect(JSON.stringify(invisibleOrg.body)).toContain("organisation");
  });
});
