import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { CLIENT_ROWS_LIMIT, FIRST_SCREEN_ROWS, PAGE_ROWS } from "@/lib/leaderboard/apply-table-query";
import { openPage } from "./browser";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true }, consoleErrors));
});
afterAll(() => browser?.close());

interface ShownRow {
  id: string;
  name: string;
  rank: string;
  pinned: boolean;
  values: Record<string, string>;
}

/**
 * The table as the reader sees it: row ids, names, ranks and every metric cell's number as shown ("" for a
 * missing value, an empty cell drawn as a dash), in order. A cell's column is the <col> at its index: the cells
 * carry no column id of their own (issue 13: those attributes were 60-90 KB of a 50-row page).
 */
/** Waits (at most 90 s, within the test's 120 s) until nothing is waiting for or being scored, as the public queue API counts it. */
async function queueIdle(): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const queue = (await (await fetch(`${baseUrl}/api/v1/queue`)).json()) as { waiting: { total: number }; running: { total: number } };
    if (queue.waiting.total === 0 && queue.running.total === 0) return;
    if (Date.now() > deadline) throw new Error(`the queue is still busy: ${JSON.stringify({ waiting: queue.waiting.total, running: queue.running.total })}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function readTable(p: Page = page, { hydrated = true } = {}): Promise<ShownRow[]> {
  // the server's HTML draws the first 20 rows, hydration the rest of the page: read the whole page (a page without
  // JavaScript, `hydrated: false`, has the server's rows only)
  if (hydrated) await p.locator("table[data-lb][data-hydrated]").first().waitFor();
  return p.locator("table tbody tr[data-row-id]").evaluateAll((rows) =>
    rows.map((row) => {
      const columns = Array.from(row.closest("table")!.querySelectorAll("colgroup > col")).map((c) => c.getAttribute("data-column"));
      const values: Record<string, string> = {};
      Array.from((row as HTMLTableRowElement).cells).forEach((cell, i) => {
        const id = columns[i];
        if (id) values[id] = /^-?\d+(\.\d+)?/.exec(cell.textContent ?? "")?.[0] ?? "";
      });
      return {
        id: row.getAttribute("data-row-id")!,
        name: (row.querySelector("th[scope=row] a")?.textContent ?? "").trim(),
        rank: (row.querySelector("td")?.textContent ?? "").trim(),
        pinned: row.getAttribute("data-pinned") === "true",
        values,
      };
    }),
  );
}

/** A downloaded figure (the metric's decimals + 2) is the one shown (the metric's decimals, or fewer as published). */
function expectSameFigure(downloaded: string, shown: string, what: string) {
  if (shown === "") return expect(downloaded, what).toBe("");
  const decimals = shown.split(".")[1]?.length ?? 0;
  expect(downloaded, what).not.toBe("");
  expect(Math.abs(Number(downloaded) - Number(shown)), `${what}: ${downloaded} shown as ${shown}`).toBeLessThanOrEqual(0.51 * 10 ** -decimals);
}

async function metricHeaders(p: Page = page): Promise<string[]> {
  return p.locator("thead th[data-column]").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-column")!));
}

const numbers = (rows: ShownRow[], id: string) =>
  rows
    .map((r) => r.values[id])
    .filter((v) => v !== "" && v !== undefined)
    .map(Number);

async function openMenu(label: string) {
  const summary = page.locator("summary", { hasText: label });
  const open = await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
}

describe("leaderboard table in Chromium", () => {
  test("clicking a header sorts by it (best first, then reversed), ranks follow, and the URL records it", async () => {
    await page.goto(`${baseUrl}/tasks/task1`);
    const before = await readTable();
    expect(before.length).toBeGreaterThanOrEqual(7);
    // default: the headline metric (Score), best first, ranked 1..n
    const scores = numbers(before, "algo_score_100");
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(before[0]!.rank).toBe("1");

    await page.locator('thead th[data-column="f1"] button').click();
    await page.waitForURL(/sort=f1/);
    const desc = await readTable();
    const f1 = numbers(desc, "f1");
    expect(f1.length).toBeGreaterThanOrEqual(7);
    expect(f1).toEqual([...f1].sort((a, b) => b - a));
    expect(await page.locator('thead th[data-column="f1"]').getAttribute("aria-sort")).toBe("descending");
    // ranks now follow F1 among the ranked rows: strictly better values get a smaller rank; the server's reference
    // baselines sit where their figures put them, marked and unranked
    const ranked = desc.filter((r) => /^\d+$/.test(r.rank) && r.values.f1 !== "" && r.values.f1 !== undefined);
    expect(desc.filter((r) => !/^\d+$/.test(r.rank)).every((r) => r.rank.startsWith("ref"))).toBe(true);
    for (let i = 1; i < ranked.length; i++)
      if (Number(ranked[i]!.values.f1) < Number(ranked[i - 1]!.values.f1)) expect(Number(ranked[i]!.rank)).toBeGreaterThan(Number(ranked[i - 1]!.rank));
    expect(page.url()).toContain("sort=f1&dir=desc");

    await page.locator('thead th[data-column="f1"] button').click();
    await page.waitForURL(/dir=asc/);
    const asc = numbers(await readTable(), "f1");
    expect(asc).toEqual([...f1].sort((a, b) => a - b));
    expect(consoleErrors).toEqual([]);
  });

  test("the overview is ranked by mean rank by default (best, i.e. lowest, first) among full-coverage rows, its column next to the names", async () => {
    await page.goto(`${baseUrl}/`);
    expect(await page.locator("table").getAttribute("data-sort")).toBe("overall:mean_rank:asc");
    const headers = await metricHeaders();
    expect(headers.slice(0, 2)).toEqual(["overall:mean_rank", "overall:tasks"]);
    expect(await page.locator('thead th[data-column="overall:mean_rank"]').getAttribute("aria-sort")).toBe("ascending");
    const rows = await readTable();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows[0]!.rank).toBe("1");
    // ranked rows first, every one covering every track of the view, by mean rank; the rest follow, unranked, by
    // coverage (most first); reference baselines have no mean rank and come last
    const tracks = (r: ShownRow) => Number(r.values["overall:tasks"]);
    const full = Math.max(...rows.map(tracks));
    const ranked = rows.filter((r) => /^\d+$/.test(r.rank));
    expect(rows.slice(0, ranked.length)).toEqual(ranked);
    expect(ranked.map(tracks)).toEqual(ranked.map(() => full));
    const means = numbers(ranked, "overall:mean_rank");
    expect(means).toEqual([...means].sort((a, b) => a - b));
    const rest = rows.slice(ranked.length).filter((r) => r.values["overall:mean_rank"] !== "");
    expect(rest.map(tracks)).toEqual([...rest.map(tracks)].sort((a, b) => b - a));
    // the CSV of the default view is in the same order
    const csv = parse(await (await fetch(`${baseUrl}/api/v1/leaderboards/overview?format=csv`)).text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.slice(0, rows.length).map((r) => r["Row id"])).toEqual(rows.map((r) => r.id));
  });

  test("filters by kind, tier and search narrow the rows, and say how many are shown", async () => {
    // uploads of earlier files (the web form's, a run's) may still be scoring: a row finishing between the two
    // reads below would change the total under the test, so the board is read once the queue is idle
    await queueIdle();
    await page.goto(`${baseUrl}/`);
    const all = await readTable();
    expect(all.length).toBeGreaterThanOrEqual(10);
    await openMenu("Filters");
    await page.getByRole("checkbox", { name: "memory system" }).check();
    await page.waitForURL(/kind=memory_system/);
    const memory = await readTable();
    expect(memory.length).toBeGreaterThan(0);
    expect(memory.length).toBeLessThan(all.length);
    const kinds = await page.locator("table tbody tr[data-row-id] th[scope=row]").allTextContents();
    for (const text of kinds) expect(text).toContain("memory system");
    expect(await page.getByTestId("row-count").textContent()).toBe(`${memory.length} of ${all.length} rows`);

    await page.getByRole("checkbox", { name: "memory system" }).uncheck();
    // the tiers present, counted from the unfiltered API (other tests may have added re-scored rows)
    const api = (await (await fetch(`${baseUrl}/api/v1/leaderboards/overview`)).json()) as { rows: { tier: string }[] };
    for (const [tier, label] of [
      ["reported", "reported"],
      ["rescored", "re-scored"],
    ] as const) {
      await page.getByRole("checkbox", { name: label, exact: true }).check();
      await page.waitForURL(new RegExp(`tier=${tier}`));
      const rows = await readTable();
      expect(rows.length, tier).toBe(api.rows.filter((r) => r.tier === tier).length);
      // each row's tier icon (components/tier-badge.tsx TierMark) names its tier
      const badges = await page.locator("table tbody tr[data-row-id] th[scope=row] [data-tier]").evaluateAll((els) => els.map((el) => el.getAttribute("data-tier")));
      expect(badges.length, tier).toBe(rows.length);
      expect(
        badges.every((b) => b === tier),
        tier,
      ).toBe(true);
      expect(label).not.toBe("");
      await page.getByRole("checkbox", { name: label, exact: true }).uncheck();
    }
    expect(api.rows.filter((r) => r.tier === "reported").length).toBeGreaterThanOrEqual(10);
    await page.keyboard.press("Escape");

    await page.getByRole("searchbox").fill("gpt");
    await page.waitForURL(/q=gpt/);
    const found = await readTable();
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.length).toBeLessThan(all.length);
    // the search covers name, organisation and backbone, all shown in the system cell
    const cells = await page.locator("table tbody tr[data-row-id] th[scope=row]").allTextContents();
    for (const text of cells) expect(text.toLowerCase()).toContain("gpt");
    expect(found.map((r) => r.name)).toEqual(expect.arrayContaining(["GPT-5.2", "GPT-4.1-mini"]));
    await page.getByRole("searchbox").fill("no such system at all");
    await expect(page.getByText("No system matches these filters.").count()).resolves.toBe(1);
  });

  test("the column picker hides and shows columns; the CI column shows intervals", async () => {
    await page.goto(`${baseUrl}/tasks/task1`);
    expect(await metricHeaders()).toContain("precision");
    await openMenu("Columns");
    await page.getByRole("checkbox", { name: "Precision" }).uncheck();
    await page.waitForURL(/cols=/);
    const headers = await metricHeaders();
    expect(headers).not.toContain("precision");
    expect(headers).toContain("f1");
    expect(Object.keys((await readTable())[0]!.values)).not.toContain("precision");

    await page.getByRole("checkbox", { name: "95% CI as a column" }).check();
    await page.waitForURL(/ci=1/);
    expect(await page.locator("thead th", { hasText: "95% CI" }).count()).toBe(headers.length);
    await page.getByRole("checkbox", { name: "Precision" }).check();
    expect(await metricHeaders()).toContain("precision");
  });

  test("a value's hover note (interval, n) is written when the pointer reaches it, not carried in the page's HTML", async () => {
    const response = await page.goto(`${baseUrl}/tasks/task1`);
    // issue 13: the notes were a quarter of a large board's markup
    const html = await response!.text();
    expect(html).not.toMatch(/<td[^>]*title=/);
    // nor the cells' column ids and values, nor the pin buttons (useless without JavaScript; added on hydration)
    expect(html).not.toMatch(/data-metric=|data-value=|data-pin=/);
    await expect.poll(() => page.locator("table tbody [data-pin]").count()).toBeGreaterThan(0);
    const f1 = await page.locator("table colgroup > col").evaluateAll((cols) => cols.findIndex((c) => c.getAttribute("data-column") === "f1"));
    expect(f1).toBeGreaterThan(1);
    const cell = page.locator(`table tbody tr[data-row-id] > :nth-child(${f1 + 1})`).first();
    expect(await cell.getAttribute("title")).toBeNull();
    await cell.hover();
    await expect.poll(() => cell.getAttribute("title")).toMatch(/^F1/);
    const name = page.locator("table tbody tr[data-row-id] th[scope=row] a").first();
    await name.hover();
    await expect.poll(() => name.getAttribute("title")).toContain(((await name.textContent()) ?? "").trim());
  });

  test("a pinned row stays on top whatever the sort", async () => {
    await page.goto(`${baseUrl}/tasks/task1`);
    const rows = await readTable();
    const last = rows[rows.length - 1]!;
    await page.locator(`[data-pin="${last.id}"]`).click();
    await page.waitForURL(/pin=/);
    let now = await readTable();
    expect(now[0]!.id).toBe(last.id);
    expect(now[0]!.pinned).toBe(true);
    // its rank is still its rank on the metric, not 1
    expect(now[0]!.rank).toBe(rows[rows.length - 1]!.rank);
    for (const column of ["f1", "recall", "algo_score_100"]) {
      await page.locator(`thead th[data-column="${column}"] button`).click();
      now = await readTable();
      expect(now[0]!.id, column).toBe(last.id);
    }
    await page.locator(`[data-pin="${last.id}"]`).click();
    expect((await readTable()).some((r) => r.pinned)).toBe(false);
  });

  test("a permalink opened in a fresh page shows the same rows, order and columns, also server-rendered", async () => {
    await page.goto(`${baseUrl}/`);
    await openMenu("Filters");
    await page.getByRole("checkbox", { name: "LLM", exact: true }).check();
    await page.keyboard.press("Escape");
    await page.locator('thead th[data-column="task1:f1"] button').click();
    await openMenu("Columns");
    await page.getByRole("checkbox", { name: /Task 2 · Update · F1/ }).uncheck();
    const expected = await readTable();
    const last = expected[expected.length - 1]!;
    // by row id: a system can have a row per tier (reported and re-scored), each with its own pin button
    await page.locator(`[data-pin="${last.id}"]`).click();
    await page.waitForURL(/pin=/);
    const shown = await readTable();
    const columns = await metricHeaders();
    expect(shown[0]!.id).toBe(last.id);
    expect(columns).not.toContain("task2:f1");
    const permalink = page.url();
    expect(permalink).toMatch(/kind=general_llm/);

    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await fresh.newPage();
    await other.goto(permalink);
    expect(await readTable(other)).toEqual(shown);
    expect(await metricHeaders(other)).toEqual(columns);
    await fresh.close();

    // the server renders the same view from the URL (no JavaScript at all)
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(permalink);
    expect(await readTable(plain, { hydrated: false })).toEqual(shown);
    await noJs.close();
  });

  test("CSV and JSON downloads hold exactly the rows, order, ranks and values the page shows", async () => {
    await page.goto(`${baseUrl}/tasks/task1?sort=recall&dir=desc`);
    await page.getByRole("searchbox").fill("e");
    await openMenu("Columns");
    await page.getByRole("checkbox", { name: "Precision" }).uncheck();
    await page.keyboard.press("Escape");
    const shown = await readTable();
    const columns = await metricHeaders();
    expect(shown.length).toBeGreaterThan(1);

    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.locator('a[data-download="csv"]').click()]);
    const csv = parse(await readFile((await csvDownload.path())!, "utf8"), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.map((r) => r["Row id"])).toEqual(shown.map((r) => r.id));
    expect(csv.map((r) => r.System)).toEqual(shown.map((r) => r.name));
    expect(csv.map((r) => r.Rank)).toEqual(shown.map((r) => (r.rank === "—" || r.rank === "—unranked" || r.rank.startsWith("ref") ? "" : r.rank)));

    const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.locator('a[data-download="json"]').click()]);
    const json = JSON.parse(await readFile((await jsonDownload.path())!, "utf8")) as {
      columns: { id: string; header: string }[];
      rows: Record<string, string | number | null>[];
    };
    expect(json.columns.map((c) => c.id)).toEqual(columns);
    // the CSV names columns for people (the JSON's `header`), the JSON keeps the ids
    const csvHeaders = Object.keys(csv[0]!);
    for (const column of json.columns) {
      const header = csvHeaders.find((h) => h === column.header);
      expect(header, column.id).toBeDefined();
      for (const [i, row] of shown.entries()) expectSameFigure(csv[i]![header!]!, row.values[column.id]!, `${row.name} ${column.id}`);
    }
    expect(csvHeaders).not.toContain("Precision");
    expect(json.rows.map((r) => r.row_id)).toEqual(shown.map((r) => r.id));
    for (const [i, row] of shown.entries()) {
      for (const column of columns) expectSameFigure(String(json.rows[i]![column] ?? ""), row.values[column]!, `${row.name} ${column}`);
    }
  });

  test("the API names a bad parameter; the snapshot carries every view with its versions and date", async () => {
    const bad = await fetch(`${baseUrl}/api/v1/leaderboards/task1?kind=robot&sort=nope`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/kind: .*"robot"/);
    const unknown = await fetch(`${baseUrl}/api/v1/leaderboards/task1?sort=nope`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('"nope"');

    const response = await fetch(`${baseUrl}/api/v1/snapshot`);
    expect(response.status).toBe(200);
    const snapshot = (await response.json()) as {
      snapshot: { schemaVersion: number; scorerVersion: string; generatedAt: string };
      views: { view: string; rows: Record<string, unknown>[] }[];
    };
    expect(snapshot.snapshot.schemaVersion).toBe(1);
    expect(snapshot.snapshot.scorerVersion).toMatch(/\d+\.\d+/);
    expect(Date.now() - Date.parse(snapshot.snapshot.generatedAt)).toBeLessThan(60_000);
    expect(snapshot.views.map((v) => v.view)).toEqual(expect.arrayContaining(["overview", "task1", "task3", "task4-ability5"]));
    const overview = (await (await fetch(`${baseUrl}/api/v1/leaderboards/overview`)).json()) as { rows: unknown[] };
    expect(snapshot.views.find((v) => v.view === "overview")!.rows).toEqual(overview.rows);

    const zip = await fetch(`${baseUrl}/api/v1/snapshot?format=zip`);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
  });

  test("dark mode toggles from the header, and the table follows", async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole("button", { name: "Light theme" }).click();
    const lightBg = await page.locator("table").evaluate((t) => getComputedStyle(t.closest("[role=region]")!).backgroundColor);
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const darkBg = await page.locator("table").evaluate((t) => getComputedStyle(t.closest("[role=region]")!).backgroundColor);
    expect(darkBg).not.toBe(lightBg);
    await page.getByRole("button", { name: "Light theme" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test("a large leaderboard ships one page of rows; sorting, search and pins ask the server", async () => {
    // at least 100 rows: the search below expects "Bulk 7" and "Bulk 70".."Bulk 79"
    const count = Math.max(CLIENT_ROWS_LIMIT + 20, 100);
    const db = createPrismaClient(databaseUrl);
    try {
      const benchmark = await db.benchmarkVersion.upsert({
        where: { slug: "bulk-e2e" },
        create: { slug: "bulk-e2e", name: "Bulk e2e", description: "many systems", source: "e2e", isDemo: true },
        update: {},
      });
      // Score i, F1 the reverse: the F1 leader is the Score loser, outside the first page.
      await db.system.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          id: `bulk-${i}`,
          slug: `bulk-${i}`,
          name: `Bulk ${i}`,
          kind: i % 2 ? "memory_system" : "general_llm",
          organisation: `Org ${i % 4}`,
        })),
        skipDuplicates: true,
      });
      await db.submission.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          id: `bulk-sub-${i}`,
          systemId: `bulk-${i}`,
          benchmarkVersionId: benchmark.id,
          tracks: ["task1"],
          split: "full",
          source: "reported",
          status: "done",
        })),
        skipDuplicates: true,
      });
      await db.score.createMany({
        data: Array.from({ length: count }, (_, i) => [
          { submissionId: `bulk-sub-${i}`, trackId: "task1", metric: "algo_score_100", kind: "deterministic", scoreVersion: "reported", value: i },
          { submissionId: `bulk-sub-${i}`, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "reported", value: (count - i) / count },
        ]).flat() as never,
        skipDuplicates: true,
      });
    } finally {
      await db.$disconnect();
    }

    const response = await page.goto(`${baseUrl}/tasks/task1?benchmark=bulk-e2e`);
    const html = (await response!.text()) as string;
    // the server's HTML draws a first screen of rows; the page's other rows are in the props, drawn on hydration
    expect(html.match(/<tr[^>]* data-row-id=/g)).toHaveLength(FIRST_SCREEN_ROWS);
    expect(html).toContain(`>Bulk ${count - FIRST_SCREEN_ROWS}<`);
    expect(html).not.toContain(`>Bulk ${count - FIRST_SCREEN_ROWS - 1}<`);
    expect(html).toContain(`Bulk ${count - PAGE_ROWS}\\"`);
    await expect.poll(() => page.locator("table tbody tr[data-row-id]").count()).toBe(PAGE_ROWS);
    const first = await readTable();
    expect(first.map((r) => r.name)).toEqual(Array.from({ length: PAGE_ROWS }, (_, i) => `Bulk ${count - 1 - i}`));
    expect(first.map((r) => r.rank)).toEqual(Array.from({ length: PAGE_ROWS }, (_, i) => String(i + 1)));
    // every row drawn on hydration is whole: values, hover notes and pin buttons
    const last = page.locator("table tbody tr[data-row-id]").last();
    await expect.poll(() => last.locator("[data-pin]").count()).toBe(1);
    await last.locator("td").nth(1).hover();
    await expect.poll(() => last.locator("td").nth(1).getAttribute("title")).toMatch(/ = /);
    // without JavaScript: the first screen of rows, the same as the page's, and a line saying where the rest are
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const plain = await noJs.newPage();
    await plain.goto(`${baseUrl}/tasks/task1?benchmark=bulk-e2e`);
    expect(await readTable(plain, { hydrated: false })).toEqual(first.slice(0, FIRST_SCREEN_ROWS).map((r) => ({ ...r, pinned: false })));
    await expect.poll(() => plain.locator("[data-first-screen]").isVisible()).toBe(true);
    expect(await plain.locator("[data-first-screen]").textContent()).toContain(`first ${FIRST_SCREEN_ROWS} rows of ${PAGE_ROWS}`);
    await noJs.close();
    // rows beyond the first page are not in the payload at all
    expect(html).not.toContain(`"Bulk 0"`);
    expect(html).not.toContain(">Bulk 0<");
    expect(await page.getByTestId("row-count").textContent()).toBe(`${count} rows`);

    await page.locator('thead th[data-column="f1"] button').click();
    await page.waitForURL(/sort=f1/);
    await page.waitForFunction(
      () => document.querySelector("tbody tr[data-row-id]")?.getAttribute("data-row-id") === "bulk-sub-0" && !document.querySelector("[data-stale]"),
    );
    const byF1 = await readTable();
    expect(byF1[0]).toMatchObject({ name: "Bulk 0", rank: "1" });

    await page.getByRole("searchbox").fill("Bulk 7");
    await page.waitForURL(/q=Bulk/);
    await page.waitForFunction(() => document.querySelectorAll("tbody tr[data-row-id]").length < 20 && !document.querySelector("[data-stale]"));
    const found = await readTable();
    expect(found.map((r) => r.name).sort()).toEqual(
      ["Bulk 7", "Bulk 70", "Bulk 71", "Bulk 72", "Bulk 73", "Bulk 74", "Bulk 75", "Bulk 76", "Bulk 77", "Bulk 78", "Bulk 79"].sort(),
    );
    // ranks are among the matching rows (F1 best first: Bulk 7 has the best F1 of them)
    expect(found[0]).toMatchObject({ name: "Bulk 7", rank: "1" });
    await page.getByRole("button", { name: "Pin Bulk 79 to the top" }).click();
    await page.getByRole("searchbox").fill("");
    await page.waitForFunction((n) => document.querySelectorAll("tbody tr[data-row-id]").length === n && !document.querySelector("[data-stale]"), PAGE_ROWS);
    const pinned = await readTable();
    expect(pinned[0]).toMatchObject({ name: "Bulk 79", pinned: true });
    expect(pinned[1]).toMatchObject({ name: "Bulk 0" });
    await page.getByRole("button", { name: `Show all ${count}` }).click();
    await page.waitForFunction((n) => document.querySelectorAll("tbody tr[data-row-id]").length === n, count);
  });
});
