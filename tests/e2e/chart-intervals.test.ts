import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { loadCharts } from "./lazy-charts";
import { openPage } from "./browser";

/**
 * The task pages' charts draw their intervals and keep their reference labels readable, in Chromium on the
 * imported data: the direct-vs-indirect bars carry an error bar wherever the read API has an interval, the
 * reference lines' labels overlap neither each other nor a bar, and every reference label lies inside its chart
 * at 1280 and 390 px. The expected counts come from the read API, never from constants.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;

type Row = Record<string, unknown>;
type Rect = { x: number; y: number; width: number; height: number };

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Rect, b: Rect) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

async function boardRows(): Promise<Row[]> {
  const response = await fetch(`${baseUrl}/api/v1/leaderboards/task1?format=json&split=full`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: Row[] }).rows;
}

/** Bounding boxes (page pixels) of every element matching `selector` inside the chart `chart`. */
async function boxes(chart: string, selector: string): Promise<Rect[]> {
  return page.locator(`${chart} ${selector}`).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/** The chart's own drawing surface: the largest of its SVGs (the legend's icons are small SVGs of the same class). */
async function svgBox(chart: string): Promise<Rect> {
  const [box] = (await boxes(chart, "svg.recharts-surface")).sort((a, b) => b.width * b.height - a.width * a.height);
  expect(box).toBeDefined();
  return box!;
}

beforeAll(async () => {
  ({ browser, page } = await openPage({ viewport: { width: 1280, height: 900 }, colorScheme: "light" }, []));
});
afterAll(() => browser?.close());

describe.each([1280, 390])("Task 1 charts at %i px", (width) => {
  test("direct vs indirect: an error bar per bar with an interval; reference labels apart, off the bars, inside the chart", async () => {
    const rows = await boardRows();
    const drawn = rows.filter((r) => r.kind !== "baseline");
    const withCi = drawn.flatMap((r) => ["direct_recall", "indirect_recall"].filter((m) => typeof r[`${m}__ci_low`] === "number" && typeof r[m] === "number"));
    const references = rows.filter((r) => r.kind === "baseline" && typeof r.direct_recall === "number");
    expect(withCi.length, "the imported data has re-scored Task 1 rows").toBeGreaterThan(0);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}/tasks/task1`);
    await loadCharts(page);
    const chart = '[data-bar-chart="task1-direct-indirect"]';
    await expect.poll(() => page.locator(`${chart} .recharts-errorBar`).count()).toBe(withCi.length);
    await expect.poll(() => page.locator(`${chart} [data-reference-label]`).count()).toBe(references.length);
    const svg = await svgBox(chart);
    const labels = await boxes(chart, "[data-reference-label]");
    const bars = await boxes(chart, ".recharts-bar-rectangle");
    for (const [i, label] of labels.entries()) {
      expect(inside(label, svg), `reference label ${i} inside the chart`).toBe(true);
      for (const other of labels.slice(i + 1)) expect(overlaps(label, other), "two reference labels overlap").toBe(false);
      for (const bar of bars) expect(overlaps(label, bar), "a reference label covers a bar").toBe(false);
    }
  });

  test("precision vs recall: every reference mark's name is inside the chart and clear of the points' names", async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}/tasks/task1`);
    await loadCharts(page);
    const chart = '[data-scatter-chart="task1-precision-recall"]';
    await expect.poll(() => page.locator(`${chart} .recharts-scatter-symbol`).count()).toBeGreaterThan(0);
    const svg = await svgBox(chart);
    const references = await boxes(chart, "[data-reference-label]");
    const names = await boxes(chart, "[data-point-label]");
    const keyed = await page.locator(`[data-point-keys="task1-precision-recall"] li`).count();
    const rows = await boardRows();
    const expected = rows.filter((r) => r.kind === "baseline" && typeof r.precision === "number" && typeof r.recall === "number").length;
    // a reference whose name fits nowhere is numbered in the list under the chart, as a point is
    expect(references.length).toBeGreaterThan(0);
    expect(references.length).toBeLessThanOrEqual(expected);
    expect(references.length + keyed).toBeGreaterThanOrEqual(expected);
    for (const label of references) {
      expect(inside(label, svg), "a reference name is cut at the chart's edge").toBe(true);
      for (const name of names) expect(overlaps(label, name), "a reference name covers a point's name").toBe(false);
    }
  });
});

describe("Task 3 heat map", () => {
  test("every cell with an interval in the read API carries it in its title (a cell has no room for a bar)", async () => {
    // the demo benchmark: on the real data's default board only reference rows have server-computed Task 3 recall
    const response = await fetch(`${baseUrl}/api/v1/leaderboards/task3?format=json&split=full&benchmark=demo`);
    const rows = ((await response.json()) as { rows: Row[] }).rows;
    const sizes = [100, 300, 500, 700, 1000];
    const withRecall = rows.filter((r) => sizes.some((s) => typeof r[`task3/d${s}:recall`] === "number"));
    const expected = withRecall.flatMap((r) =>
      sizes.filter((s) => typeof r[`task3/d${s}:recall__ci_low`] === "number" && typeof r[`task3/d${s}:recall`] === "number"),
    );
    expect(expected.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/tasks/task3?benchmark=demo`);
    await loadCharts(page);
    // a switch only where the board has both recall metrics
    const exact = page.getByRole("radio", { name: /Recall \(exact id\)/ });
    if ((await exact.count()) > 0) await exact.check();
    const cells = page.locator('[data-heatmap="task3"] [data-heat-cell][data-ci]');
    await expect.poll(() => cells.count()).toBe(expected.length);
    const titles = await cells.evaluateAll((els) => els.map((el) => el.getAttribute("title") ?? ""));
    for (const title of titles) expect(title).toMatch(/, 95% CI \[-?\d+\.\d{3}, -?\d+\.\d{3}\]$/);
  });
});
