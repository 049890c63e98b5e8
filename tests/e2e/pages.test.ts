import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openPage } from "./browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openPage({ viewport: { width: 1280, height: 900 } }, consoleErrors));
});
afterAll(() => browser?.close());

/** The system names in table order, read from the rendered table. */
async function systemOrder(): Promise<string[]> {
  return page
    .locator("table tbody th[scope=row]")
    .evaluateAll((cells) => cells.map((cell) => (cell.querySelector("a")?.textContent ?? cell.textContent ?? "").trim()));
}

describe("site in Chromium", () => {
  test("the overview lists the reported systems with tags and source links, and the attribution", async () => {
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toContain("Leaderboard");
    const names = await systemOrder();
    expect(names).toEqual(expect.arrayContaining(["GPT-5.2", "Llama-4 Maverick", "BM25 (nltk)", "EverMemOS"]));
    // the page shows the first page of rows; the board as a whole (its JSON) lists every reported system
    const all = ((await (await fetch(`${baseUrl}/api/v1/leaderboards/overview?format=json`)).json()) as { rows: { system: string; tier: string }[] }).rows;
    expect(all.map((r) => r.system)).toEqual(expect.arrayContaining(["GPT-5.2", "Llama-4 Maverick", "BM25 (nltk)", "EverMemOS", "MemoryOS"]));
    // the tier is an icon with a tooltip on a dense row (issue 13); each row says its tier in data-tier. The seven
    // LLMs the server re-scored are one re-scored row each, their reported figures beside (one row per system)
    expect(await page.locator('tbody tr[data-tier="reported"]').count()).toBeGreaterThanOrEqual(8);
    expect(await page.locator('tbody tr[data-tier="rescored"]').count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator('a[href="https://misshsiaoo.github.io/Alps_Bench/"]').count()).toBeGreaterThan(0);
    const footer = (await page.locator("footer").textContent()) ?? "";
    expect(footer).toContain("WildChat");
    expect(footer).toContain("ODC-BY");
    expect(consoleErrors).toEqual([]);
  });

  test("the Task 1 page sorts by a clicked column, both ways", async () => {
    await page.goto(`${baseUrl}/tasks/task1`);
    const f1Header = page.locator("thead th", { hasText: /^F1/ }).first();
    await f1Header.getByRole("button").click();
    const ariaAfterFirst = await f1Header.getAttribute("aria-sort");
    const readF1 = async () => {
      const index = await f1Header.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th));
      const texts = await page.locator(`table tbody tr`).evaluateAll((rows, i) => rows.map((row) => row.children[i]?.textContent ?? ""), index);
      return texts.map((t) => Number.parseFloat(t)).filter((v) => !Number.isNaN(v));
    };
    const first = await readF1();
    await f1Header.getByRole("button").click();
    const second = await readF1();
    expect(first.length).toBeGreaterThanOrEqual(7);
    expect(second).toEqual([...first].reverse());
    expect(["ascending", "descending"]).toContain(ariaAfterFirst);
    expect(consoleErrors).toEqual([]);
  });

  test("every task page and the About page render their table or sections", async () => {
    for (const path of ["/tasks/task2", "/tasks/task3", "/tasks/task4", "/about", "/api-docs"]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator("h1").count(), path).toBe(1);
    }
    await page.goto(`${baseUrl}/tasks/task3`);
    expect(await page.locator("thead").textContent()).toContain("d1000");
    await page.goto(`${baseUrl}/about`);
    expect(await page.locator("#about-leak").textContent()).toContain("leak");
    const missing = await page.goto(`${baseUrl}/tasks/task9`);
    expect(missing?.status()).toBe(404);
  });

  test("dark mode applies from the colour-scheme preference", async () => {
    const dark = await browser.newPage({ colorScheme: "dark" });
    await dark.goto(`${baseUrl}/`);
    expect(await dark.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe(light);
    await dark.close();
  });
});
