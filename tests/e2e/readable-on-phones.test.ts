import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { launchChromium } from "./browser";
import { signInBrowser } from "./sign-in";
import { demoTask1Predictions, e2eDb, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * Issue 21, "Reading the tables" and the layout defects: on a phone (390 px) a compact row cuts a long system name
 * to one line (so a screen holds its ranked rows); the whole name must still be readable there, where there is no
 * hover: a linked name opens the system page that shows it whole, and a name without a page shows it whole when
 * tapped. And /submit's code blocks (commands, row examples) wrap instead of hiding their end behind a horizontal
 * scroll a phone does not even draw a bar for.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const tag = Date.now().toString(36);
const LONG_NAME = `Phone Readability Memory Agent ${tag} with a long descriptive configuration name`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Code blocks (and inline code) of the page whose text is not all on screen: wider than their box, or outside the window. */
function hiddenCode(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("main pre, main code"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not displayed
      const style = getComputedStyle(element);
      const label = `"${(element.textContent ?? "").trim().slice(0, 50)}"`;
      if (style.display !== "inline" && element.scrollWidth > element.clientWidth + 1) {
        out.push(`${label}: ${element.scrollWidth} px of text in a ${element.clientWidth} px box (overflow-x ${style.overflowX})`);
      }
      if (box.left < -1 || box.right > width + 1) out.push(`${label}: spans ${Math.round(box.left)}..${Math.round(box.right)} px of a ${width} px window`);
    }
    return out;
  });
}

describe("/submit's code blocks show their whole text", () => {
  test.each([390, 1280])("at %i px, signed out and signed in (every benchmark of the form)", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/submit`);
      expect(await page.locator("main pre, main code").count()).toBeGreaterThan(0);
      expect(await hiddenCode(page), "signed out").toEqual([]);
      await signInBrowser(context, baseUrl, databaseUrl, { email: `phone-code-${tag}@example.org` });
      await page.goto(`${baseUrl}/submit`);
      const benchmark = page.getByLabel("Benchmark", { exact: true });
      const options = await benchmark.locator("option").evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
      expect(options.length).toBeGreaterThan(0);
      for (const option of options) {
        await benchmark.selectOption(option);
        expect(await page.locator("main pre").count(), option).toBeGreaterThan(0);
        expect(await hiddenCode(page), `signed in, ${option}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

describe("full system names on a phone (390 px), compact rows", () => {
  let boardPath = "";

  beforeAll(async () => {
    // a submitted row with a long name on the demo board's dev split
    const db = e2eDb(databaseUrl);
    let token: string;
    try {
      const user = await db.user.create({ data: { email: `phone-names-${tag}@example.org` } });
      token = (await createApiToken(db, user.id, { name: "phone-names", scopes: ["submit", "read"] })).token;
    } finally {
      await db.$disconnect();
    }
    const answer = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", split: "dev", benchmark: "demo", model: LONG_NAME },
      file: await demoTask1Predictions(baseUrl),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const done = await waitUntilFinished(baseUrl, answer.body.id!, token, 90_000);
    expect(done.status).toBe("done");
    boardPath = "/tasks/task1?benchmark=demo&split=dev";
  }, 120_000);

  test("rows stay within two lines; a cut linked name opens the system page that shows it whole, and its hover note has it", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}${boardPath}`);
      const name = page.locator("table tbody a.lb-name", { hasText: LONG_NAME });
      await name.waitFor();
      // cut to one line at load: the density rule (tests/e2e/density.test.ts) holds on this row too
      expect(await name.evaluate((a) => a.scrollWidth > a.clientWidth + 1)).toBe(true);
      const { row, line } = await name.evaluate((a) => ({
        row: a.closest("tr")!.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(a.closest("th")!).lineHeight),
      }));
      expect(row).toBeLessThanOrEqual(2 * line);
      // the hover note (desktop) holds the whole name
      await name.dispatchEvent("mouseover");
      expect((await name.getAttribute("title"))?.split("\n")[0]).toBe(LONG_NAME);
      // a tap opens the system page, whose heading is the whole name, unclipped
      await name.tap();
      await page.waitForURL(/\/systems\//);
      const heading = page.locator("h1");
      await expect(heading.textContent()).resolves.toBe(LONG_NAME);
      expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("a cut name shows whole while focused (Tab, or a tap on a name without a system page): the row grows, and it is cut again after", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}${boardPath}`);
      const name = page.locator("table tbody a.lb-name", { hasText: LONG_NAME });
      await name.waitFor();
      const cut = (locator: typeof name) => locator.evaluate((n) => n.scrollWidth > n.clientWidth + 1);
      const rowHeight = (locator: typeof name) => locator.evaluate((n) => n.closest("tr")!.getBoundingClientRect().height);
      const before = await rowHeight(name);
      expect(await cut(name)).toBe(true);
      await name.focus();
      expect(await cut(name)).toBe(false);
      expect(await rowHeight(name)).toBeGreaterThan(before);
      await name.blur();
      expect(await cut(name)).toBe(true);
      // names without a system page (reference rows, reported configurations) take focus from a tap
      const plain = page.locator("table tbody span.lb-name");
      const all = await plain.evaluateAll((names) => names.map((n) => ({ focusable: n.getAttribute("tabindex") === "0", cut: n.scrollWidth > n.clientWidth + 1 })));
      expect(all.every((n) => n.focusable)).toBe(true);
      const index = all.findIndex((n) => n.cut);
      if (index >= 0) {
        const target = plain.nth(index);
        await target.tap();
        expect(await target.evaluate((n) => document.activeElement === n)).toBe(true);
        expect(await cut(target)).toBe(false);
      }
    } finally {
      await context.close();
    }
  });
});
