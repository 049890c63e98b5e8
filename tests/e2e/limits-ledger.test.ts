import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import type { Db } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { startProcess, stopAll, waitForWeb, type Proc } from "./app-processes";
import { e2eDb, jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * Issue 30 through the real routes, on a web server of this file's own (the shared one has the test-upload and
 * new-account limits raised for the other files) over the e2e database:
 *  #1  two test uploads 202, the third 429; deleting one gives no slot back (the limits ledger);
 *  #10 eve+1@ and eve+2@ share the limits; sign-in links for new accounts are bounded per client address;
 *  #11 an 80 KB query string is answered 431;
 *  #5  (on the shared server, whose worker scores) a test upload's figures carry display precision only in the
 *      board API's JSON and CSV; a dev upload's stay exact.
 * #1, #10 (uploads) and #5 need a benchmark that is not the demo: the real data (skipped cleanly without it).
 */
const sharedUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const realData = inject("realDataImported");
const run = randomBytes(3).toString("hex");

let db: Db;
let web: Proc | null = null;
let baseUrl = "";
let benchmark = "";
let testIds: string[] = [];
let devIds: string[] = [];
const NEW_ACCOUNTS = 3;

const rowsFor = (ids: readonly string[], tag: string) =>
  jsonl(
    ids.map((id, k) => ({
      benchmark_id: id,
      memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `${tag} works as a ${k % 2 ? "teacher" : "nurse"}`, confidence: 0.8 }],
    })),
  );

async function tokenFor(email: string): Promise<string> {
  const user = await db.user.create({ data: { email } });
  return (await createApiToken(db, user.id, { name: "limits", scopes: ["submit", "read"] })).token;
}

const testUpload = (url: string, token: string, tag: string, visibility = "private") =>
  uploadMultipart(url, { token, fields: { task: "task1", benchmark, split: "test", model: `Ledger ${tag} ${run}`, visibility }, file: rowsFor(testIds, tag) });

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  web = startProcess("web-limits", "scripts/web.ts", {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    AUTH_URL: baseUrl,
    AUTH_SECRET: "e2e-only-secret-not-for-production-use",
    TEST_SUBMISSIONS_PER_DAY: "2",
    TEST_SUBMISSIONS_PER_MONTH: "6",
    RATE_LIMIT_NEW_ACCOUNTS_PER_DAY: String(NEW_ACCOUNTS),
    // nothing listens there: an accepted sign-in fails to mail, after the guard this file tests
    EMAIL_SERVER: "smtp://127.0.0.1:9",
    EMAIL_FROM: "AlpsBench e2e <no-reply@alpsbench.test>",
    TRUSTED_PROXY_HOPS: "1",
  });
  await waitForWeb(web, baseUrl);
  if (realData) {
    const version = await db.benchmarkVersion.findFirstOrThrow({
      where: { isDemo: false, instances: { some: { trackId: "task1", split: "test" } } },
      select: { id: true, slug: true },
    });
    benchmark = version.slug;
    const ids = (split: "test" | "dev") =>
      db.instance.findMany({ where: { benchmarkVersionId: version.id, trackId: "task1", split }, orderBy: { benchmarkId: "asc" }, select: { benchmarkId: true } });
    testIds = (await ids("test")).map((r) => r.benchmarkId);
    devIds = (await ids("dev")).map((r) => r.benchmarkId);
  }
}, 600_000);

afterAll(async () => {
  if (web) await stopAll([web]);
  await db?.$disconnect();
});

describe("#1 the limits ledger, through POST and DELETE /api/v1/submissions", () => {
  test.skipIf(!realData)("two test uploads 202, the third 429; delete one (200): the next is still 429", async () => {
    const token = await tokenFor(`ledger-${run}@example.org`);
    const first = await testUpload(baseUrl, token, "one");
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect((await testUpload(baseUrl, token, "two")).status).toBe(202);
    expect((await testUpload(baseUrl, token, "three")).status).toBe(429);
    const deleted = await fetch(`${baseUrl}/api/v1/submissions/${first.body.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);
    const after = await testUpload(baseUrl, token, "four");
    expect(after.status).toBe(429);
    expect(after.body.error?.message).toContain("deleted or not");
  });

  test.skipIf(!realData)("#10: eve+1@ and eve+2@ are one mailbox: the second account meets the first's limit", async () => {
    const one = await tokenFor(`eve-${run}+1@example.org`);
    const two = await tokenFor(`eve-${run}+2@example.org`);
    expect((await testUpload(baseUrl, one, "eve-1")).status).toBe(202);
    expect((await testUpload(baseUrl, one, "eve-2")).status).toBe(202);
    expect((await testUpload(baseUrl, two, "eve-3")).status).toBe(429);
  });
});

/** A CSRF token and its cookie, as a browser holds them before posting the sign-in form. */
async function csrf(headers: Record<string, string>): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return {
    token: csrfToken,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

describe("#10 new accounts per client address, through POST /api/auth/signin/nodemailer", () => {
  test(`${NEW_ACCOUNTS} sign-up links from one address, then 429; an existing account still gets its link`, async () => {
    const client = { "x-forwarded-for": `198.51.100.${100 + Math.floor(Math.random() * 100)}` };
    const { token, cookie } = await csrf(client);
    const ask = (email: string, headers = client) =>
      fetch(`${baseUrl}/api/auth/signin/nodemailer`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, csrfToken: token, callbackUrl: "/" }).toString(),
      });
    for (let i = 0; i < NEW_ACCOUNTS; i++) expect((await ask(`signup-${run}-${i}@example.org`)).status).not.toBe(429);
    const refused = await ask(`signup-${run}-x@example.org`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/new accounts from your network/);
    await db.user.create({ data: { email: `existing-${run}@example.org` } });
    expect((await ask(`existing-${run}@example.org`)).status).not.toBe(429);
  });
});

describe("#11 oversized request line", () => {
  test("an 80 KB query string is answered 431 with a sentence (the site's web server)", async () => {
    for (const url of [baseUrl, sharedUrl]) {
      const response = await fetch(`${url}/leaderboards?q=${"a".repeat(80 * 1024)}`);
      expect(response.status).toBe(431);
      expect(await response.text()).toMatch(/too large/);
    }
  });
});

describe("#5 test figures at display precision on the board API (JSON and CSV)", () => {
  const decimalsOf = (x: number) => (String(x).split(".")[1] ?? "").length;

  test.skipIf(!realData)(
    "a public test upload's figures and interval bounds carry at most the column's decimals; a dev upload's more",
    async () => {
      const token = await tokenFor(`precision-${run}@example.org`);
      const model = `Precision ${run}`;
      const test = await uploadMultipart(sharedUrl, {
        token,
        fields: { task: "task1", benchmark, split: "test", model, visibility: "public" },
        file: rowsFor(testIds, "precision"),
      });
      expect(test.status, JSON.stringify(test.body)).toBe(202);
      expect((await waitUntilFinished(sharedUrl, test.body.id!, token, 300_000)).status).toBe("done");
      const json = (await (await fetch(`${sharedUrl}/api/v1/leaderboards/task1?split=test`)).json()) as {
        rows: Record<string, unknown>[];
        columns?: { id: string; decimals: number }[];
      };
      const row = json.rows.find((r) => String(r.system).includes(model));
      expect(row, "the test upload's row").toBeDefined();
      const checked: string[] = [];
      for (const [key, value] of Object.entries(row!)) {
        if (typeof value !== "number" || !/^(algo_score_100|f1|precision|recall|similarity)/.test(key) || key.endsWith("_n")) continue;
        const decimals = key.startsWith("algo_score_100") ? 2 : 4;
        expect(decimalsOf(value), `${key} = ${value}`).toBeLessThanOrEqual(decimals);
        checked.push(key);
      }
      expect(checked).toEqual(expect.arrayContaining(["algo_score_100", "algo_score_100__ci_low", "algo_score_100__ci_high"]));
      const csv = await (await fetch(`${sharedUrl}/api/v1/leaderboards/task1?split=test&format=csv`)).text();
      const line = csv.split("\n").find((l) => l.includes(model));
      expect(line).toBeDefined();
      for (const cell of line!.split(",")) if (/^-?\d+\.\d+$/.test(cell)) expect(decimalsOf(Number(cell)), cell).toBeLessThanOrEqual(4);
      // a dev upload keeps the exact figure: its JSON carries the column's decimals + 2
      const dev = await uploadMultipart(sharedUrl, {
        token,
        fields: { task: "task1", benchmark, split: "dev", model: `${model} dev`, visibility: "public" },
        file: rowsFor(devIds, "precision-dev"),
      });
      expect(dev.status).toBe(202);
      expect((await waitUntilFinished(sharedUrl, dev.body.id!, token, 300_000)).status).toBe("done");
      const devJson = (await (await fetch(`${sharedUrl}/api/v1/leaderboards/task1?split=dev`)).json()) as { rows: Record<string, unknown>[] };
      const devRow = devJson.rows.find((r) => String(r.system).includes(`${model} dev`))!;
      const digits = ["f1", "precision", "recall", "f1__ci_low", "f1__ci_high"]
        .map((k) => devRow[k])
        .filter((v): v is number => typeof v === "number")
        .map(decimalsOf);
      expect(Math.max(...digits)).toBeGreaterThan(4);
    },
    700_000,
  );
});
