import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { asActor, demoTask1Ids, makeActors, removeUploads, ROLES, uploadScored, type Actor, type Role } from "./security-fixtures";
import { e2eDb, ROOT } from "./submissions-helpers";

/**
 * The authorization matrix: every page and every API route of the app, run as a visitor, a user (who owns the
 * submissions used), another user and an admin, each answer checked against the design.
 *
 * Complete by construction: the routes are read from the file system (app/ ** /page.tsx and route.ts), and the test
 * fails for a route without an entry here, or an entry without a route. ADDING A ROUTE? Add its entry to MATRIX:
 * what each of the four roles gets (status codes; a redirect counts as its 3xx status).
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

type Context = { publicId: string; privateId: string; privateSlug: string; publicSlug: string; devId: string; testId: string };
type Expected = Record<Role, number>;
type Case = {
  label: string;
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
  path: (ctx: Context) => string;
  body?: () => { body: string; contentType: string };
  expect: Expected;
};

const all = (status: number): Expected => ({ visitor: status, user: status, other: status, admin: status });
/** A GET case: a fixed path or one built from the context; by default every role gets 200. */
const get = (label: string, path: string | Case["path"], expected = all(200)): Case => ({
  label,
  method: "GET",
  path: typeof path === "string" ? () => path : path,
  expect: expected,
});
/** Private to the user: everyone else gets 404 (never 403: ids cannot be probed), admins see it. */
const ownerOnly = (ok = 200): Expected => ({ visitor: 404, user: ok, other: 404, admin: ok });
const json = (value: unknown) => () => ({ body: JSON.stringify(value), contentType: "application/json" });
/** A moderation action on one of the context's submissions: admins only. */
const moderate = (label: string, id: "publicId" | "privateId", action: object): Case => ({
  label,
  method: "POST",
  path: (c) => `/api/v1/submissions/${c[id]}/moderation`,
  body: json(action),
  expect: { visitor: 401, user: 403, other: 403, admin: 200 },
});

const MATRIX: Record<string, Case[]> = {
  "/": [get("overview", "/"), get("demo benchmark, dev split", "/?benchmark=demo&split=dev")],
  "/about": [get("about", "/about")],
  "/releases": [get("releases", "/releases")],
  "/releases/[id]": [get("unknown release", "/releases/no-such-release", all(404))],
  "/compare": [
    get("picker", "/compare"),
    // a private system is compared with nothing: the page says there are no public scores, for everyone
    get("with a private-only system", (c) => `/compare?a=${c.publicSlug}&b=${c.privateSlug}`),
    get("four slots, a private-only system in the last", (c) => `/compare?a=${c.publicSlug}&b=${c.publicSlug}&c=${c.publicSlug}&d=${c.privateSlug}`),
  ],
  "/api-docs": [get("API docs", "/api-docs")],
  // one group of the API declaration per page (the groups are built at build time: an unknown one is a 404)
  "/api-docs/[group]": [get("a group's page", "/api-docs/reading"), get("unknown group", "/api-docs/no-such-group", all(404))],
  "/audit": [get("moderation log", "/audit")],
  // always the signed-in user's own account; visitors are redirected to sign in
  "/account": [get("own account", "/account", { visitor: 307, user: 200, other: 200, admin: 200 })],
  // admins' worklist: does not exist for anyone else
  "/admin": [get("admin worklist", "/admin", { visitor: 404, user: 404, other: 404, admin: 200 })],
  "/queue": [get("queue", "/queue")],
  "/signin": [get("sign-in", "/signin")],
  "/signin/check-email": [get("check your e-mail", "/signin/check-email")],
  "/signin/error": [get("sign-in error", "/signin/error?error=Verification")],
  // a local sign-in link exists only where no real sign-in method is configured (here e-mail is): never served
  "/signin/local": [get("local sign-in link, off", "/signin/local?token=x", all(404))],
  // signed out: a "sign in to submit" page (200), signed in: the form
  "/submit": [get("submit", "/submit")],
  "/tasks/[task]": [get("task 1", "/tasks/task1"), get("unknown task", "/tasks/task9", all(404))],
  "/systems/[slug]": [
    get("a system with a public submission", (c) => `/systems/${c.publicSlug}`),
    get("a system known only from a private submission", (c) => `/systems/${c.privateSlug}`, ownerOnly()),
    get("unknown system", "/systems/no-such-system", all(404)),
  ],
  // a run's page shows only the submissions the viewer may see (tests/e2e/runs.test.ts checks a private run)
  "/runs/[id]": [get("unknown run", "/runs/no-such-run", all(404))],
  "/submissions/[id]": [
    get("public submission", (c) => `/submissions/${c.publicId}`),
    get("private submission", (c) => `/submissions/${c.privateId}`, ownerOnly()),
    get("unknown submission", "/submissions/nope", all(404)),
  ],
  "/api/auth/[...nextauth]": [get("session", "/api/auth/session"), get("providers", "/api/auth/providers")],
  "/api/v1/leaderboards/[view]": [
    get("overview JSON", "/api/v1/leaderboards/overview"),
    get("task1 CSV, demo", "/api/v1/leaderboards/task1?benchmark=demo&split=full&format=csv"),
    get("unknown view", "/api/v1/leaderboards/nope", all(404)),
    get("PersonalLLM default view", "/api/v1/leaderboards/personalllm"),
  ],
  "/api/v1/leaderboards/[view]/[track]": [
    get("PersonalLLM selection CSV", "/api/v1/leaderboards/personalllm/selection?format=csv"),
    get("bad settings filter", "/api/v1/leaderboards/personalllm/logged?shots=a%20b", all(400)),
    get("unknown benchmark", "/api/v1/leaderboards/nope/rewards", all(404)),
  ],
  "/benchmarks/[benchmark]": [get("PersonalLLM", "/benchmarks/personalllm"), get("unknown benchmark", "/benchmarks/nope", all(404))],
  "/benchmarks/[benchmark]/[view]": [
    get("PersonalLLM selection", "/benchmarks/personalllm/selection"),
    get("unknown view", "/benchmarks/personalllm/nope", all(404)),
  ],
  "/api/v1/benchmarks/[benchmark]/readiness": [
    get("PersonalLLM readiness", "/api/v1/benchmarks/personalllm/readiness"),
    get("AlpsBench readiness", "/api/v1/benchmarks/alpsbench/readiness"),
    get("unknown benchmark", "/api/v1/benchmarks/nope/readiness", all(404)),
  ],
  // browsers ask for it whatever the page says: a permanent redirect to the site's icon
  "/favicon.ico": [get("favicon", "/favicon.ico", all(308))],
  "/api/v1/releases": [get("every release", "/api/v1/releases"), get("unknown parameter", "/api/v1/releases?include=private", all(400))],
  "/api/v1/releases/[id]": [get("unknown release", "/api/v1/releases/no-such-release", all(404))],
  "/api/v1/snapshot": [
    get("JSON export of the demo benchmark", "/api/v1/snapshot?format=json&benchmark=demo"),
    get("bad format", "/api/v1/snapshot?format=exe", all(400)),
  ],
  "/api/v1/queue": [get("queue", "/api/v1/queue")],
  // the caller's own upload limits: anyone signed in, 401 without a session or token
  "/api/v1/quota": [get("own quota, demo", "/api/v1/quota?benchmark=demo", { visitor: 401, user: 200, other: 200, admin: 200 })],
  // an owner renames their system: authentication first (401), then the body (400 for anyone signed in, before ownership)
  "/api/v1/systems/[slug]": [
    {
      label: "PATCH with a bad body",
      method: "PATCH",
      path: (c) => `/api/v1/systems/${c.publicSlug}`,
      body: json({ name: 5 }),
      expect: { visitor: 401, user: 400, other: 400, admin: 400 },
    },
  ],
  "/api/v1/openapi.json": [get("OpenAPI document", "/api/v1/openapi.json")],
  "/api/v1/inputs/[track]": [
    get("task1 inputs, demo test split", "/api/v1/inputs/task1?benchmark=demo&split=test"),
    get("unknown track", "/api/v1/inputs/task9", all(404)),
  ],
  "/api/v1/inputs/[track]/example": [get("example file", "/api/v1/inputs/task1/example?benchmark=demo")],
  "/api/v1/submissions": [
    {
      // authentication is checked before the fields: 401 for a visitor, 400 (a bad field) for anyone signed in
      label: "upload with a bad field",
      method: "POST",
      path: () => "/api/v1/submissions?task=task9&model=m&benchmark=demo",
      body: () => ({ body: "{}\n", contentType: "application/x-ndjson" }),
      expect: { visitor: 401, user: 400, other: 400, admin: 400 },
    },
  ],
  "/api/v1/submissions/[id]": [
    get("GET public", (c) => `/api/v1/submissions/${c.publicId}`),
    get("GET private", (c) => `/api/v1/submissions/${c.privateId}`, ownerOnly()),
    {
      label: "PATCH visibility of the public one (owner only; admins hide instead)",
      method: "PATCH",
      path: (c) => `/api/v1/submissions/${c.publicId}`,
      body: json({ visibility: "public" }),
      expect: { visitor: 401, user: 200, other: 403, admin: 403 },
    },
    {
      label: "PATCH visibility of the private one",
      method: "PATCH",
      path: (c) => `/api/v1/submissions/${c.privateId}`,
      body: json({ visibility: "private" }),
      expect: { visitor: 401, user: 200, other: 404, admin: 403 },
    },
  ],
  "/api/v1/submissions/[id]/breakdown": [
    get("public, per instance", (c) => `/api/v1/submissions/${c.publicId}/breakdown`),
    get("private, per dimension CSV", (c) => `/api/v1/submissions/${c.privateId}/breakdown?level=dimension&format=csv`, ownerOnly()),
  ],
  // the context's submissions are AlpsBench uploads, which have no module item rows: 404 for whoever may see them
  // (the module cases, public items and a track with private items, are tests/integration/module-items.test.ts)
  "/api/v1/submissions/[id]/items": [
    get("public AlpsBench upload: no item rows", (c) => `/api/v1/submissions/${c.publicId}/items`, all(404)),
    get("private AlpsBench upload", (c) => `/api/v1/submissions/${c.privateId}/items?format=csv`, all(404)),
  ],
  "/api/v1/submissions/[id]/instance-input": [
    get("public, a listed dev instance", (c) => `/api/v1/submissions/${c.publicId}/instance-input?track=task1&benchmark_id=${c.devId}`),
    get("private, a listed dev instance", (c) => `/api/v1/submissions/${c.privateId}/instance-input?track=task1&benchmark_id=${c.devId}`, ownerOnly()),
    get("public, a test instance (never listed)", (c) => `/api/v1/submissions/${c.publicId}/instance-input?track=task1&benchmark_id=${c.testId}`, all(404)),
  ],
  // the same access as instance-input; the submitted items in it only to the owner and admins (tests/integration)
  "/api/v1/submissions/[id]/instance-explanation": [
    get("public, a listed dev instance", (c) => `/api/v1/submissions/${c.publicId}/instance-explanation?track=task1&benchmark_id=${c.devId}`),
    get("private, a listed dev instance", (c) => `/api/v1/submissions/${c.privateId}/instance-explanation?track=task1&benchmark_id=${c.devId}`, ownerOnly()),
    get("public, a test instance (never listed)", (c) => `/api/v1/submissions/${c.publicId}/instance-explanation?track=task1&benchmark_id=${c.testId}`, all(404)),
  ],
  // a scored row's reproducibility pack: the submission's visibility; its file only when published (tests/integration)
  "/api/v1/submissions/[id]/pack": [
    get("public, scored", (c) => `/api/v1/submissions/${c.publicId}/pack`),
    get("private, scored", (c) => `/api/v1/submissions/${c.privateId}/pack`, ownerOnly()),
    get("unknown submission", "/api/v1/submissions/nope/pack", all(404)),
  ],
  // per-item browsing: the predictions' access rule (lib/submissions/prediction-access.ts) on top of the submission's
  "/api/v1/submissions/[id]/instances": [
    get("a seed run (predictions published)", "/api/v1/submissions/seed-demo-demo-atlas-memory/instances?split=dev"),
    get("public upload, predictions not published", (c) => `/api/v1/submissions/${c.publicId}/instances`, ownerOnly()),
    get("private upload", (c) => `/api/v1/submissions/${c.privateId}/instances?q=dog`, ownerOnly()),
    get("the test split (never listed)", (c) => `/api/v1/submissions/${c.publicId}/instances?split=test`, all(400)),
  ],
  "/api/v1/submissions/[id]/moderation": [
    moderate("flag (admins only)", "publicId", { action: "flag", reason: "authz matrix check" }),
    moderate("unflag (admins only)", "publicId", { action: "unflag", reason: "authz matrix check done" }),
    moderate("verify a private submission (admins may moderate what they can see)", "privateId", { action: "verify" }),
  ],
};

/** "/submissions/[id]" for app/submissions/[id]/page.tsx; route groups "(x)" are not part of the URL. */
function routePatterns(): string[] {
  const appDir = path.join(ROOT, "app");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_")) walk(full);
      } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
        const segments = path
          .relative(appDir, dir)
          .split(path.sep)
          .filter((s) => s !== "" && !/^\(.*\)$/.test(s));
        out.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(appDir);
  return [...new Set(out)].sort();
}

let db: Db;
let actors: Record<Role, Actor>;
const ctx: Context = { publicId: "", privateId: "", privateSlug: "", publicSlug: "", devId: "", testId: "" };
const created: string[] = [];

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  actors = await makeActors(baseUrl, databaseUrl, db, "matrix");
  const ids = await demoTask1Ids(db, "dev");
  ctx.devId = ids[0]!;
  ctx.testId = (await demoTask1Ids(db, "test"))[0]!;
  const token = actors.user.token!;
  ctx.publicId = await uploadScored(baseUrl, token, { model: "Authz Matrix Public", split: "dev" }, ids, "Has a dog");
  ctx.privateId = await uploadScored(baseUrl, token, { model: "Authz Matrix Private Only", split: "dev", visibility: "private" }, ids, "Has a cat");
  created.push(ctx.publicId, ctx.privateId);
  const slugs = await db.submission.findMany({ where: { id: { in: created } }, select: { id: true, system: { select: { slug: true } } } });
  ctx.publicSlug = slugs.find((s) => s.id === ctx.publicId)!.system.slug;
  ctx.privateSlug = slugs.find((s) => s.id === ctx.privateId)!.system.slug;
}, 300_000);

afterAll(async () => {
  if (db) await removeUploads(db, created);
  await db?.$disconnect();
});

async function run(actor: Actor, c: Case): Promise<{ status: number; text: string }> {
  const body = c.body?.();
  const headers = asActor(actor, body ? { "content-type": body.contentType } : {});
  const response = await fetch(`${baseUrl}${c.path(ctx)}`, { method: c.method, headers, body: body?.body, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

describe("authorization matrix", () => {
  test("every page and route of app/ has an entry, and every entry a route", () => {
    const routes = routePatterns();
    expect(routes.length).toBeGreaterThan(10);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      "routes without a matrix entry",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      "matrix entries without a route",
    ).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const c of cases) {
      test(`${c.method} ${route}: ${c.label}`, async () => {
        const got: Partial<Record<Role, number>> = {};
        for (const role of ROLES) {
          const { status, text } = await run(actors[role], c);
          got[role] = status;
          // a refusal from the API says why, in the API's error shape
          if (route.startsWith("/api/v1") && status >= 400) expect(JSON.parse(text), `${role}: ${text.slice(0, 200)}`).toHaveProperty("error.message");
        }
        expect(got).toEqual(c.expect);
      });
    }
  }

  test("a signed-in request from another site is refused (CSRF); the same request from the site itself is not", async () => {
    const url = `${baseUrl}/api/v1/submissions/${ctx.publicId}`;
    const body = JSON.stringify({ visibility: "public" });
    const crossSite = await fetch(url, {
      method: "PATCH",
      headers: asActor(actors.user, { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
      body,
    });
    expect(crossSite.status).toBe(403);
    const moderation = await fetch(`${url}/moderation`, {
      method: "POST",
      headers: asActor(actors.admin, { "content-type": "application/json", origin: "https://evil.example" }),
      body: JSON.stringify({ action: "flag", reason: "csrf" }),
    });
    expect(moderation.status).toBe(403);
    const sameSite = await fetch(url, {
      method: "PATCH",
      headers: asActor(actors.user, { "content-type": "application/json", origin: baseUrl, "sec-fetch-site": "same-origin" }),
      body,
    });
    expect(sameSite.status).toBe(200);
    // a token is never ambient, so it needs no origin check
    const withToken = await fetch(url, {
      method: "PATCH",
      headers: { authorization: `Bearer ${actors.user.token}`, "content-type": "application/json", origin: "https://evil.example" },
      body,
    });
    expect(withToken.status).toBe(200);
  });

  test("moderation writes an audit row per action in the same transaction, and /audit shows it without naming the admin", async () => {
    const rows = await db.auditLog.findMany({
      where: { targetId: ctx.publicId },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorId: true, reason: true },
    });
    expect(rows.filter((r) => r.action.startsWith("submission.") && r.action !== "submission.visibility")).toEqual([
      { action: "submission.flag", actorId: actors.admin.userId, reason: "authz matrix check" },
      { action: "submission.unflag", actorId: actors.admin.userId, reason: "authz matrix check done" },
    ]);
    const audit = await (await fetch(`${baseUrl}/audit`)).text();
    expect(audit).toContain("authz matrix check done");
    expect(audit).toContain("an admin");
    expect(audit).not.toContain(`sec-matrix-admin@example.org`);
    // the private submission was verified: the log names no private submission to the public
    expect(audit).not.toContain("Authz Matrix Private Only");
    const asAdmin = await (await fetch(`${baseUrl}/audit`, { headers: asActor(actors.admin) })).text();
    expect(asAdmin).toContain("Authz Matrix Private Only");
    // a refused action (a conflict) changes nothing and writes nothing
    const before = await db.auditLog.count();
    const again = await fetch(`${baseUrl}/api/v1/submissions/${ctx.privateId}/moderation`, {
      method: "POST",
      headers: asActor(actors.admin, { "content-type": "application/json" }),
      body: JSON.stringify({ action: "verify" }),
    });
    expect(again.status).toBe(409);
    expect(await db.auditLog.count()).toBe(before);
    const noReason = await fetch(`${baseUrl}/api/v1/submissions/${ctx.publicId}/moderation`, {
      method: "POST",
      headers: asActor(actors.admin, { "content-type": "application/json" }),
      body: JSON.stringify({ action: "hide" }),
    });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: { message: string } }).error.message).toContain('field "reason"');
  });
});
