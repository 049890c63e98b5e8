import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { launchChromium } from "./browser";
import { asActor, demoTask1Ids, makeActors, removeUploads, uploadScored, type Actor, type Role } from "./security-fixtures";
import { e2eDb, uploadMultipart } from "./submissions-helpers";

/**
 * Stored XSS: a submission whose system name, organisation, backbone, description and links carry script
 * payloads renders them as text on every page that shows them (leaderboards, system page, submission page,
 * queue), in Chromium: no dialog, no injected element, no script run, no javascript: link, and the pages still
 * hydrate under the CSP with no violation reported.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

const PAYLOAD = {
  name: `XSSNAME<script>window.__xss=1</script>"><img src=x onerror="window.__xss=2">`,
  // also a spreadsheet formula: the CSV downloads must neutralise it
  organisation: `=XSSORG<img src=x onerror=alert(1)>`,
  backbone: `XSSBB'"><iframe src=javascript:alert(3)>`,
  description: `XSSDESC<svg onload=alert(4)><a href="javascript:alert(5)">click</a>`,
  paperUrl: `https://example.org/"><script>window.__xss=6</script>`,
};

let browser: Browser;
let context: BrowserContext;
let db: Db;
let actors: Record<Role, Actor>;
let submissionId = "";
let systemSlug = "";

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  actors = await makeActors(baseUrl, databaseUrl, db, "xss");
  const ids = await demoTask1Ids(db);
  submissionId = await uploadScored(
    baseUrl,
    actors.user.token!,
    { model: PAYLOAD.name, organisation: PAYLOAD.organisation, backbone: PAYLOAD.backbone, description: PAYLOAD.description, paper_url: PAYLOAD.paperUrl },
    ids,
    `<img src=x onerror="window.__xss=7">`,
  );
  const row = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { systemId: true, system: { select: { slug: true } } } });
  systemSlug = row.system.slug;
  // another write path (an import, an old version) could store a script link: rendering must not trust it
  await db.system.update({ where: { id: row.systemId }, data: { codeUrl: "javascript:window.__xss=8" } });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (db && submissionId) await removeUploads(db, [submissionId]);
  await db?.$disconnect();
});

type Visit = { page: Page; dialogs: string[]; errors: string[] };

async function visit(url: string): Promise<Visit> {
  context ??= await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    // failed loads are judged below by what failed: a link's prefetch may 404 without breaking this page
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (response.status() >= 400 && ["script", "stylesheet", "font"].includes(type)) errors.push(`${type} ${response.url()}: HTTP ${response.status()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status(), url).toBe(200);
  // time for hydration and for any injected handler to have fired
  await page.waitForTimeout(1500);
  return { page, dialogs, errors };
}

async function expectInert(v: Visit, url: string, shows: readonly string[]) {
  const found = await v.page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss ?? null,
    csp: (window as unknown as { __csp: string[] }).__csp,
    injected: document.querySelectorAll('img[src="x"], iframe, [onerror], [onload]').length,
    scriptLinks: [...document.querySelectorAll("a[href]")].filter((a) => /^\s*javascript:/i.test(a.getAttribute("href") ?? "")).length,
    text: document.body.innerText,
  }));
  expect(found.xss, url).toBeNull();
  expect(found.injected, url).toBe(0);
  expect(found.scriptLinks, url).toBe(0);
  expect(found.csp, url).toEqual([]);
  expect(v.dialogs, url).toEqual([]);
  expect(v.errors, url).toEqual([]);
  for (const text of shows) expect(found.text, `${url} shows ${text} as text`).toContain(text);
}

describe("stored XSS", () => {
  test("a javascript: link is refused on the way in, with the field named", async () => {
    const answer = await uploadMultipart(baseUrl, {
      token: actors.user.token!,
      fields: { task: "task1", benchmark: "demo", model: "XSS link", code_url: "javascript:alert(1)" },
      file: "{}\n",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain('field "code_url"');
  });

  test("the leaderboards render the payloads as text", async () => {
    for (const url of [`${baseUrl}/?benchmark=demo&split=full`, `${baseUrl}/tasks/task1?benchmark=demo&split=full`]) {
      const v = await visit(url);
      await expectInert(v, url, [PAYLOAD.name]);
      await v.page.close();
    }
  });

  test("the system page renders name, organisation, backbone, description as text and no javascript: link", async () => {
    const url = `${baseUrl}/systems/${systemSlug}`;
    const v = await visit(url);
    await expectInert(v, url, [PAYLOAD.name, PAYLOAD.organisation, PAYLOAD.description]);
    await v.page.close();
  });

  test("the submission page and the queue render the name as text (visitor and owner)", async () => {
    for (const url of [`${baseUrl}/submissions/${submissionId}`, `${baseUrl}/queue`]) {
      const v = await visit(url);
      await expectInert(v, url, [PAYLOAD.name]);
      await v.page.close();
    }
    const owner = await browser.newContext();
    const [name, value] = actors.user.cookie!.split(/=(.*)/s) as [string, string];
    await owner.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
    const page = await owner.newPage();
    const violations: string[] = [];
    page.on("console", (m) => m.type() === "error" && violations.push(m.text()));
    await page.goto(`${baseUrl}/submissions/${submissionId}`, { waitUntil: "load" });
    await page.getByRole("button", { name: "Make private" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    expect(await page.locator("body").innerText()).toContain(PAYLOAD.name);
    // the owner's controls are there (a client component: the page hydrated under the CSP)
    await expect(page.getByRole("button", { name: "Make private" }).count()).resolves.toBe(1);
    expect(violations).toEqual([]);
    await owner.close();
  });

  test("cached pages carry a CSP of script hashes (no nonce), per-request pages a nonce, and they hydrate (a sort button works)", async () => {
    const response = await fetch(`${baseUrl}/tasks/task1`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    const html = await response.text();
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    // every inline script is allowed by its own hash, and nothing else inline is
    for (const body of inline) expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    expect(html).not.toMatch(/<script\b[^>]*\snonce=/);
    // a page rendered per request (a form) keeps a fresh nonce on each of its scripts
    const form = await fetch(`${baseUrl}/signin`);
    const nonce = /'nonce-([^']+)'/.exec(form.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const formScripts = [...(await form.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(formScripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    for (const [header, value] of [
      ["x-frame-options", "DENY"],
      ["x-content-type-options", "nosniff"],
      ["referrer-policy", "strict-origin-when-cross-origin"],
    ] as const)
      expect(response.headers.get(header), header).toBe(value);
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    // API answers too
    const api = await fetch(`${baseUrl}/api/v1/queue`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toContain("default-src 'none'");

    const v = await visit(`${baseUrl}/tasks/task1`);
    const header = v.page.locator("thead th", { hasText: /^F1/ }).first();
    await header.getByRole("button").click();
    await expect(header.getAttribute("aria-sort")).resolves.toMatch(/ascending|descending/);
    await expectInert(v, `${baseUrl}/tasks/task1`, []);
    await v.page.close();
  });

  test("CSV downloads neutralise a cell that would start a spreadsheet formula", async () => {
    const response = await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=demo&split=full&format=csv`);
    expect(response.status).toBe(200);
    const records = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    // readable CSV headers (System, Organisation): the JSON keeps the ids
    const row = records.find((r) => r.System === PAYLOAD.name);
    expect(row, "the payload's row").toBeDefined();
    // an uploader's organisation is a claim until an admin verifies it: "<name> (claimed)"
    expect(row!.Organisation).toBe(`'${PAYLOAD.organisation} (claimed)`);
  });

  test("the anonymous visitor never sees the owner's controls", async () => {
    const html = await (await fetch(`${baseUrl}/submissions/${submissionId}`, { headers: asActor(actors.other) })).text();
    expect(html).not.toContain("Make private");
    expect(html).not.toContain("Admin moderation");
  });
});
