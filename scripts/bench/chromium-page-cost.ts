#!/usr/bin/env tsx
/**
 * What a page load costs Chromium, by how the page is opened: the same pages loaded one after another in one tab,
 * in a new tab of one browser context each, and in a new context each (`browser.newPage()`, what most e2e files
 * do per test; each with an empty HTTP cache, as a test's page has). Prints the machine's CPU seconds (all
 * processes, the site's included, from /proc/stat: run it on an idle machine) and the wall time of each way,
 * launching the browser left out, against a running site whose pages one warm-up pass has put in its page cache.
 *   npx tsx scripts/bench/chromium-page-cost.ts --base http://127.0.0.1:3000 [--rounds 3] [--paths /,/about]
 * The pages are every benchmark's boards (public-pages.ts) unless --paths names others. A page with a leaderboard
 * counts as loaded once its table is hydrated; any other page at its load event.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { launchChromium } from "../../tests/e2e/browser";
import type { Browser, Page } from "playwright-core";
import { boardPages } from "./public-pages";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    rounds: { type: "string", default: "3" },
    paths: { type: "string" },
  },
});
const paths = values.paths?.split(",") ?? boardPages();
const viewport = { width: 1280, height: 900 };

/** CPU seconds the whole machine has spent (user, nice, system, irq, softirq, steal). */
function machineCpu(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

const WAYS: Record<string, (browser: Browser) => Promise<() => Promise<{ page: Page; done: () => Promise<void> }>>> = {
  "one tab": async (browser) => {
    const page = await browser.newPage({ viewport });
    return async () => ({ page, done: async () => {} });
  },
  "a new tab each, one context": async (browser) => {
    const context = await browser.newContext({ viewport });
    return async () => {
      const page = await context.newPage();
      return { page, done: () => page.close() };
    };
  },
  "a new context each": async (browser) => async () => {
    const page = await browser.newPage({ viewport });
    return { page, done: () => page.context().close() };
  },
};

/** Loads `route` and waits until it is drawn: hydrated, for a page with a leaderboard (which marks its table). */
async function load(page: Page, route: string): Promise<void> {
  await page.goto(`${values.base}${route}`, { waitUntil: "load" });
  if ((await page.locator("table[data-lb]").count()) > 0) await page.locator("table[data-lb][data-hydrated]").first().waitFor();
}

// warm-up: the site renders each page once, so every way below is served from the page cache
for (const route of paths) await fetch(`${values.base}${route}`).then((r) => r.arrayBuffer());

for (const [way, open] of Object.entries(WAYS)) {
  const browser = await launchChromium();
  const cpu = machineCpu();
  const started = Date.now();
  const next = await open(browser);
  const loads = Number(values.rounds) * paths.length;
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const route of paths) {
      const { page, done } = await next();
      await load(page, route);
      await done();
    }
  }
  const spent = machineCpu() - cpu;
  const wall = Date.now() - started;
  await browser.close();
  console.log(`${way.padEnd(28)} ${loads} loads: ${spent.toFixed(1)} CPU-s (${(spent / loads).toFixed(2)} a load), ${(wall / 1000).toFixed(1)} s wall`);
}
