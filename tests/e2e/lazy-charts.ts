import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Loads the charts of a page: a task page's or a benchmark module's charts (data, heat maps, recharts) are fetched and drawn when the reader scrolls
 * their section into view, or presses "Show the charts" where there is nothing to scroll
 * (lib/benchmarks/alpsbench/ui/task/task-charts.tsx, app/benchmarks/_components/benchmark-charts.tsx,
 * components/charts/when-in-view.tsx).
 */
export async function loadCharts(p: Page): Promise<void> {
  // by index, not by state: a chart's wrapper stops matching `[data-lazy-chart="waiting"]` as soon as it loads
  const charts = p.locator("[data-lazy-chart]");
  for (let i = 0; i < (await charts.count()); i++) {
    const chart = charts.nth(i);
    if ((await chart.getAttribute("data-lazy-chart")) !== "waiting") continue;
    await chart.scrollIntoViewIfNeeded();
    // the scroll's intersection is reported asynchronously: look half a second later, then ask for the charts
    // (the button is gone if they loaded meanwhile)
    await p.waitForTimeout(500);
    if ((await chart.getAttribute("data-lazy-chart")) === "waiting") {
      await chart
        .getByRole("button", { name: "Show the charts" })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
  }
  await expect.poll(() => p.locator('[data-lazy-chart="waiting"]').count()).toBe(0);
}
