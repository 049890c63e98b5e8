import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { launchChromium } from "./browser";
import { signInBrowser } from "./sign-in";
import { e2eDb } from "./submissions-helpers";

/**
 * axe-core in real Chromium on every public page, in light and dark theme: no serious or critical violation.
 * axe-core's own bundle is injected into the page (rather than @axe-core/playwright, which needs Node 22).
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const THEMES = ["light", "dark"] as const;
/** axe's rules whose outcome depends on colours: what a theme can change */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
type Theme = (typeof THEMES)[number];

let browser: Browser;
const contexts = new Map<string, BrowserContext>();

/** The pages to check; ids found in the seeded database so the test needs no hard-coded cuid. */
let publicPaths: string[] = [];
let signedInPaths: string[] = [];
let adminPaths: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const db = e2eDb(databaseUrl);
  try {
    const submission = await db.submission.findFirst({
      where: { status: "done", visibility: "public", hiddenAt: null, source: { not: "reported" } },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    const systems = await db.system.findMany({
      where: { submissions: { some: { status: "done", visibility: "public" } } },
      orderBy: { slug: "asc" },
      take: 2,
      select: { slug: true },
    });
    const [system, other] = systems;
    if (!submission) throw new Error("the e2e database has no public, finished, non-reported submission to check");
    if (!system || !other) throw new Error("the e2e database has fewer than two systems with a public submission to check");
    publicPaths = [
      "/",
      "/tasks/task1",
      "/tasks/task2",
      "/tasks/task3",
      "/tasks/task4",
      "/?split=all",
      "/tasks/task3?split=all",
      `/submissions/${submission.id}`,
      `/systems/${system.slug}`,
      "/about",
      "/submit",
      "/queue",
      "/api-docs",
      "/signin",
    ];
    // Newer pages: checked whenever their route exists in this build.
    const has = (route: string) => existsSync(`${process.cwd()}/app${route}/page.tsx`);
    if (has("/compare")) publicPaths.push("/compare", `/compare?a=${system.slug}&b=${other.slug}`);
    if (has("/benchmarks/[benchmark]")) publicPaths.push("/benchmarks/personalllm", "/benchmarks/personalllm/logged", "/benchmarks/personalllm/selection");
    signedInPaths = ["/submit", "/queue"];
    if (has("/account")) signedInPaths.push("/account");
    adminPaths = ["/admin", "/audit", "/admin/audit", "/admin/moderation"].filter(has);
  } finally {
    await db.$disconnect();
  }
  // a context per kind of visitor, in the light theme; each page is audited, then switched to the dark theme by the
  // colour-scheme preference (the site follows it live, as it does on load: pages.test.ts) and audited again
  const options = { colorScheme: "light", viewport: { width: 1280, height: 900 }, bypassCSP: true } as const;
  contexts.set("anon", await browser.newContext(options));
  const signedIn = await browser.newContext(options);
  await signInBrowser(signedIn, baseUrl, databaseUrl, { email: "a11y@example.org" });
  contexts.set("user", signedIn);
  const admin = await browser.newContext(options);
  await signInBrowser(admin, baseUrl, databaseUrl, { email: "a11y-admin@example.org", role: "admin" });
  contexts.set("admin", admin);
});

afterAll(async () => {
  await browser?.close();
});

function describeViolation(violation: Result): string {
  const targets = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(" ")}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`)
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : "";
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}${more}`;
}

/**
 * axe on the page as it is. The dark theme changes colours only (a class on <html>, same markup), so it is checked
 * with the colour rules; the light theme runs every rule. That halves the audit time of the second theme.
 */
async function runAxe(page: Page, theme: Theme): Promise<AxeResults> {
  const options = theme === "dark" ? { resultTypes: ["violations"], runOnly: { type: "rule", values: COLOUR_RULES } } : { resultTypes: ["violations"] };
  return (await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, runOptions),
    options,
  )) as AxeResults;
}

/** The page at `path` audited in each theme: loaded in the light one, then switched to the dark one (the same markup). */
async function audit(page: Page, path: string): Promise<string[]> {
  // "load", not "networkidle": pages that poll (queue, submission status) never go idle
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  expect(response?.status(), `${path} status`).toBe(200);
  // an inline script: cached pages' CSP allows only their own scripts' hashes, so the contexts bypass CSP (axe audits
  // the markup and colours, which the policy does not change)
  await page.addScriptTag({ content: AXE_SOURCE });
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), { message: `${path} renders in the ${theme} theme` })
      .toBe(theme === "dark");
    // colours that ease to the new theme (transition-colors) are audited once they are there; only transitions are
    // waited for, as a spinner's animation never finishes
    await page.evaluate(() => Promise.all(document.getAnimations().flatMap((animation) => (animation instanceof CSSTransition ? [animation.finished] : []))));
    const results = await runAxe(page, theme);
    problems.push(...results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path} (${theme}):\n${describeViolation(v)}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return problems;
}

/** Every page of `paths`, audited as the context's visitor sees it; the problems of all of them, in one list. */
async function auditAll(visitor: string, paths: readonly string[]): Promise<void> {
  const page = await contexts.get(visitor)!.newPage();
  const problems: string[] = [];
  for (const path of paths) problems.push(...(await audit(page, path)));
  await page.close();
  expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
}

describe("accessibility (axe-core, serious and critical)", () => {
  // 20+ pages, each loaded and audited twice: 120 s was not enough on a loaded 2-core machine
  test("public pages, light and dark themes", () => auditAll("anon", publicPaths), 600_000);

  test("signed-in pages, light and dark themes", () => auditAll("user", signedInPaths));

  test("admin pages, light and dark themes", async () => {
    expect(adminPaths, "the admin pages to check").toContain("/admin");
    await auditAll("admin", adminPaths);
  });

  test("the checker finds a violation when there is one", async () => {
    // Guards against a silently broken injection: a page with an unlabelled input and poor contrast must fail.
    const page = await contexts.get("anon")!.newPage();
    await page.setContent('<html lang="en"><body><main><input type="text"><p style="color:#ccc;background:#fff">low contrast</p></main></body></html>');
    // an inline script: cached pages' CSP allows only their own scripts' hashes, so the contexts bypass CSP (axe audits
    // the markup and colours, which the policy does not change)
    await page.addScriptTag({ content: AXE_SOURCE });
    const light = await runAxe(page, "light");
    const dark = await runAxe(page, "dark");
    await page.close();
    expect(light.violations.map((v) => v.id)).toEqual(expect.arrayContaining(["label", "color-contrast"]));
    // the dark theme's colour-only audit still catches the contrast
    expect(dark.violations.map((v) => v.id)).toEqual(["color-contrast"]);
  });
});
