import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { launchChromium } from "./browser";

const baseUrl = inject("baseUrl");
const imported = inject("realDataImported");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;
const rowsOf = async (view: string, split = "full"): Promise<Row[]> =>
  ((await (await fetch(`${baseUrl}/api/v1/leaderboards/${view}?split=${split}`)).json()) as { rows: Row[] }).rows;

describe.runIf(imported)("with the real AlpsBench data imported", () => {
  test("the About page shows instance counts per track and split: 2,272 packets per Task 1-3 track", async () => {
    await page.goto(`${baseUrl}/about#data`);
    const table = page.locator("table", { has: page.locator("caption", { hasText: "AlpsBench (real data" }) });
    const rowText = async (label: string) => (await table.locator("tr", { hasText: label }).first().innerText()).replace(/\s+/g, " ");
    expect(await rowText("Task 1 · Memory extraction")).toMatch(/454 454 1,364 2,272$/);
    expect(await rowText("Task 3 · Retrieval, 1,000 distractors")).toMatch(/2,272$/);
    expect(await rowText("Task 4 · Emotional intelligence")).toMatch(/57$/);
  });

  test("Task 1 shows the seven LLMs re-scored by this server beside their reported rows, with n and a 95% CI", async () => {
    const rows = await rowsOf("task1");
    // (other tests upload runs of their own; the server's re-scored rows belong to the reported systems)
    const reported = rows.filter((r) => r.tier === "reported" && r.kind === "general_llm");
    const reportedSlugs = new Set(reported.map((r) => r.system_slug));
    const rescored = rows.filter((r) => r.tier === "rescored" && reportedSlugs.has(r.system_slug));
    expect(reported).toHaveLength(7);
    expect(rescored.map((r) => r.system).sort()).toEqual(reported.map((r) => r.system).sort());
    for (const row of rescored) {
      expect(row.algo_score_100__n, String(row.system)).toBe(2272);
      expect(row.algo_score_100__ci_low as number).toBeLessThan(row.algo_score_100 as number);
      expect(row.algo_score_100__ci_high as number).toBeGreaterThan(row.algo_score_100 as number);
      expect(row.judge_score, "judge metrics are not judged without a judge").toBeNull();
    }
    await page.goto(`${baseUrl}/tasks/task1`);
    expect(await page.getByText("re-scored", { exact: true }).count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator("main").innerText()).toContain("2,272 of the 2,330");
  });

  test("the server's BM25 baseline has a recall at every pool size, falling as distractors grow", async () => {
    const rows = await rowsOf("task3");
    const bm25 = rows.find((r) => r.system_slug === "bm25-server");
    expect(bm25).toBeDefined();
    const recalls = [100, 300, 500, 700, 1000].map((d) => bm25![`task3/d${d}:recall`] as number);
    expect(recalls.every((r) => r > 0 && r < 1)).toBe(true);
    expect(recalls[4]!).toBeLessThan(recalls[0]!);
  });
});

describe("the demo benchmark", () => {
  test("shows its invented systems with confidence intervals on every task page", async () => {
    const rows = await (await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=demo`)).json() as { rows: Row[] };
    expect(rows.rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.rows.every((r) => typeof r.f1 === "number" && typeof r.f1__ci_low === "number")).toBe(true);
    await page.goto(`${baseUrl}/tasks/task4?benchmark=demo`);
    expect(await page.locator("h1").innerText()).toContain("Task 4");
    await page.goto(`${baseUrl}/?benchmark=demo`);
    expect(await page.locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
  });
});
