import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { asActor, demoTask1Ids, makeActors, ROLES, uploadScored, type Actor, type Role } from "./security-fixtures";
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
const page = (label: string, pathname: string): Case => ({ label, method: "GET", path: () => pathname, expect: all(200) });
/** Private to the user: everyone else gets 404 (never 403: ids cannot be probed), admins see it. */
const ownerOnly = (ok = 200): Expected => ({ visitor: 404, user: ok, other: 404, admin: ok });
const json = (value: unknown) => () => ({ body: JSON.stringify(value), contentType: "application/json" });

const MATRIX: Record<string, Case[]> = {
  "/": [page("overview", "/"), page("demo benchmark, dev split", "/?benchmark=demo&split=dev")],
  "/about": [page("about", "/about")],
  "/releases": [page("releases", "/releases")],
  "/releases/[id]": [{ label: "unknown release", method: "GET", path: () => "/releases/no-such-release", expect: all(404) }],
  "/compare": [
    page("picker", "/compare"),
    // a private system is compared with nothing: the page says there are no public scores, for everyone
    { label: "with a private-only system", method: "GET", path: (c) => `/compare?a=${c.publicSlug}&b=${c.privateSlug}`, expect: all(200) },
    {
      label: "four slots, a private-only system in the last",
      method: "GET",
      path: (c) => `/compare?a=${c.publicSlug}&b=${c.publicSlug}&c=${c.publicSlug}&d=${c.privateSlug}`,
      expect: all(200),
    },
  ],
  "/api-docs": [page("API docs", "/api-docs")],
  "/audit": [page("moderation log", "/audit")],
  // always the signed-in user's own account; visitors are redirected to sign in
  "/account": [{ label: "own account", method: "GET", path: () => "/account", expect: { visitor: 307, user: 200, other: 200, admin: 200 } }],
  // admins' worklist: does not exist for anyone else
  "/admin": [{ label: "admin worklist", method: "GET", path: () => "/admin", expect: { visitor: 404, user: 404, other: 404, admin: 200 } }],
  "/queue": [page("queue", "/queue")],
  "/signin": [page("sign-in", "/signin")],
  "/signin/check-email": [page("check your e-mail", "/signin/check-email")],
  "/signin/error": [page("sign-in error", "/signin/error?error=Verification")],
  // a local sign-in link exists only where no real sign-in method is configured (here e-mail is): never served
  "/signin/local": [{ label: "local sign-in link, off", method: "GET", path: () => "/signin/local?token=x", expect: all(404) }],
  // signed out: a "sign in to submit" page (200), signed in: the form
  "/submit": [page("submit", "/submit")],
  "/tasks/[task]": [page("task 1", "/tasks/task1"), { label: "unknown task", method: "GET", path: () => "/tasks/task9", expect: all(404) }],
  "/systems/[slug]": [
    { label: "a system with a public submission", method: "GET", path: (c) => `/systems/${c.publicSlug}`, expect: all(200) },
    { label: "a system known only from a private submission", method: "GET", path: (c) => `/systems/${c.privateSlug}`, expect: ownerOnly() },
    { label: "unknown system", method: "GET", path: () => "/systems/no-such-system", expect: all(404) },
  ],
  // a run's page shows only the submissions the viewer may see (tests/e2e/runs.test.ts checks a private run)
  "/runs/[id]": [{ label: "unknown run", method: "GET", path: () => "/runs/no-such-run", expect: all(404) }],
  "/submissions/[id]": [
    { label: "public submission", method: "GET", path: (c) => `/submissions/${c.publicId}`, expect: all(200) },
    { label: "private submission", method: "GET", path: (c) => `/submissions/${c.privateId}`, expect: ownerOnly() },
    { label: "unknown submission", method: "GET", path: () => "/submissions/nope", expect: all(404) },
  ],
  "/api/auth/[...nextauth]": [
    { label: "session", method: "GET", path: () => "/api/auth/session", expect: all(200) },
    { label: "providers", method: "GET", path: () => "/api/auth/providers", expect: all(200) },
  ],
  "/api/v1/leaderboards/[view]": [
    { label: "overview JSON", method: "GET", path: () => "/api/v1/leaderboards/overview", expect: all(200) },
    { label: "task1 CSV, demo", method: "GET", path: () => "/api/v1/leaderboards/task1?benchmark=demo&split=full&format=csv", expect: all(200) },
    { label: "unknown view", method: "GET", path: () => "/api/v1/leaderboards/nope", expect: all(404) },
    { label: "PersonalLLM default view", method: "GET", path: () => "/api/v1/leaderboards/personalllm", expect: all(200) },
  ],
  "/api/v1/leaderboards/[view]/[track]": [
    { label: "PersonalLLM selection CSV", method: "GET", path: () => "/api/v1/leaderboards/personalllm/selection?format=csv", expect: all(200) },
    { label: "bad settings filter", method: "GET", path: () => "/api/v1/leaderboards/personalllm/logged?shots=a%20b", expect: all(400) },
    { label: "unknown benchmark", method: "GET", path: () => "/api/v1/leaderboards/nope/rewards", expect: all(404) },
  ],
  "/benchmarks/[benchmark]": [
    page("PersonalLLM", "/benchmarks/personalllm"),
    { label: "unknown benchmark", method: "GET", path: () => "/benchmarks/nope", expect: all(404) },
  ],
  "/benchmarks/[benchmark]/[view]": [
    page("PersonalLLM selection", "/benchmarks/personalllm/selection"),
    { label: "unknown view", method: "GET", path: () => "/benchmarks/personalllm/nope", expect: all(404) },
  ],
  "/api/v1/benchmarks/[benchmark]/readiness": [
    { label: "PersonalLLM readiness", method: "GET", path: () => "/api/v1/benchmarks/personalllm/readiness", expect: all(200) },
    { label: "unknown benchmark", method: "GET", path: () => "/api/v1/benchmarks/nope/readiness", expect: all(404) },
  ],
  // browsers ask for it whatever the page says: a permanent redirect to the site's icon
  "/favicon.ico": [{ label: "favicon", method: "GET", path: () => "/favicon.ico", expect: all(308) }],
  "/api/v1/releases": [
    { label: "every release", method: "GET", path: () => "/api/v1/releases", expect: all(200) },
    { label: "unknown parameter", method: "GET", path: () => "/api/v1/releases?include=private", expect: all(400) },
  ],
  "/api/v1/releases/[id]": [{ label: "unknown release", method: "GET", path: () => "/api/v1/releases/no-such-release", expect: all(404) }],
  "/api/v1/snapshot": [
    { label: "JSON export of the demo benchmark", method: "GET", path: () => "/api/v1/snapshot?format=json&benchmark=demo", expect: all(200) },
    { label: "bad format", method: "GET", path: () => "/api/v1/snapshot?format=exe", expect: all(400) },
  ],
  "/api/v1/queue": [{ label: "queue", method: "GET", path: () => "/api/v1/queue", expect: all(200) }],
  "/api/v1/openapi.json": [{ label: "OpenAPI document", method: "GET", path: () => "/api/v1/openapi.json", expect: all(200) }],
  "/api/v1/inputs/[track]": [
    { label: "task1 inputs, demo test split", method: "GET", path: () => "/api/v1/inputs/task1?benchmark=demo&split=test", expect: all(200) },
    { label: "unknown track", method: "GET", path: () => "/api/v1/inputs/task9", expect: all(404) },
  ],
  "/api/v1/inputs/[track]/example": [{ label: "example file", method: "GET", path: () => "/api/v1/inputs/task1/example?benchmark=demo", expect: all(200) }],
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
    { label: "GET public", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}`, expect: all(200) },
    { label: "GET private", method: "GET", path: (c) => `/api/v1/submissions/${c.privateId}`, expect: ownerOnly() },
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
    { label: "public, per instance", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}/breakdown`, expect: all(200) },
    {
      label: "private, per dimension CSV",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.privateId}/breakdown?level=dimension&format=csv`,
      expect: ownerOnly(),
    },
  ],
  // the context's submissions are AlpsBench uploads, which have no module item rows: 404 for whoever may see them
  // (the module cases, public items and a track with private items, are tests/integration/module-items.test.ts)
  "/api/v1/submissions/[id]/items": [
    { label: "public AlpsBench upload: no item rows", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}/items`, expect: all(404) },
    { label: "private AlpsBench upload", method: "GET", path: (c) => `/api/v1/submissions/${c.privateId}/items?format=csv`, expect: all(404) },
  ],
  "/api/v1/submissions/[id]/instance-input": [
    {
      label: "public, a listed dev instance",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.publicId}/instance-input?track=task1&benchmark_id=${c.devId}`,
      expect: all(200),
    },
    {
      label: "private, a listed dev instance",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.privateId}/instance-input?track=task1&benchmark_id=${c.devId}`,
      expect: ownerOnly(),
    },
    {
      label: "public, a test instance (never listed)",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.publicId}/instance-input?track=task1&benchmark_id=${c.testId}`,
      expect: all(404),
    },
  ],
  // the same access as instance-input; the submitted items in it only to the owner and admins (tests/integration)
  "/api/v1/submissions/[id]/instance-explanation": [
    {
      label: "public, a listed dev instance",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.publicId}/instance-explanation?track=task1&benchmark_id=${c.devId}`,
      expect: all(200),
    },
    {
      label: "private, a listed dev instance",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.privateId}/instance-explanation?track=task1&benchmark_id=${c.devId}`,
      expect: ownerOnly(),
    },
    {
      label: "public, a test instance (never listed)",
      method: "GET",
      path: (c) => `/api/v1/submissions/${c.publicId}/instance-explanation?track=task1&benchmark_id=${c.testId}`,
      expect: all(404),
    },
  ],
  // a scored row's reproducibility pack: the submission's visibility; its file only when published (tests/integration)
  "/api/v1/submissions/[id]/pack": [
    { label: "public, scored", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}/pack`, expect: all(200) },
    { label: "private, scored", method: "GET", path: (c) => `/api/v1/submissions/${c.privateId}/pack`, expect: ownerOnly() },
    { label: "unknown submission", method: "GET", path: () => "/api/v1/submissions/nope/pack", expect: all(404) },
  ],
  // per-item browsing: the predictions' access rule (lib/submissions/prediction-access.ts) on top of the submission's
  "/api/v1/submissions/[id]/instances": [
    {
      label: "a seed run (predictions published)",
      method: "GET",
      path: () => "/api/v1/submissions/seed-demo-demo-atlas-memory/instances?split=dev",
      expect: all(200),
    },
    { label: "public upload, predictions not published", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}/instances`, expect: ownerOnly() },
    { label: "private upload", method: "GET", path: (c) => `/api/v1/submissions/${c.privateId}/instances?q=dog`, expect: ownerOnly() },
    { label: "the test split (never listed)", method: "GET", path: (c) => `/api/v1/submissions/${c.publicId}/instances?split=test`, expect: all(400) },
  ],
  "/api/v1/submissions/[id]/moderation": [
    {
      label: "flag (admins only)",
      method: "POST",
      path: (c) => `/api/v1/submissions/${c.publicId}/moderation`,
      body: json({ action: "flag", reason: "authz matrix check" }),
      expect: { visitor: 401, user: 403, other: 403, admin: 200 },
    },
    {
      label: "unflag (admins only)",
      method: "POST",
      path: (c) => `/api/v1/submissions/${c.publicId}/moderation`,
      body: json({ action: "unflag", reason: "authz matrix check done" }),
      expect: { visitor: 401, user: 403, other: 403, admin: 200 },
    },
    {
      label: "verify a private submission (admins may moderate what they can see)",
      method: "POST",
      path: (c) => `/api/v1/submissions/${c.privateId}/moderation`,
      body: json({ action: "verify" }),
      expect: { visitor: 401, user: 403, other: 403, admin: 200 },
    },
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
  if (db && created.length > 0) {
    const systems = await db.submission.findMany({ where: { id: { in: created } }, select: { systemId: true } });
    await db.auditLog.deleteMany({ where: { targetId: { in: created } } });
    await db.submission.deleteMany({ where: { id: { in: created } } });
    await db.system.deleteMany({ where: { id: { in: systems.map((s) => s.systemId) }, submissions: { none: {} } } });
  }
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
