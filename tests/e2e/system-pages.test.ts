import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { formatMetric } from "@/lib/leaderboard/format";
import type { Db } from "@/lib/db/create-client";
import { TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import { launchChromium } from "./browser";
import { signInBrowser } from "./sign-in";
import { createTokenViaCli, e2eDb, jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";

/**
 * The system page, the submission page's breakdown and explained per-instance results, and the compare view,
 * in Chromium against the built site and the seeded demo benchmark.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const SCORING_TIMEOUT_MS = 120_000;

type Item = { memory_id: string; type: string; label: string; value: string; confidence?: number };
type GoldInstance = { benchmarkId: string; split: "dev" | "validation" | "test"; gold: { memory_items: Item[] } };

const run = randomUUID().slice(0, 8);
const email = `pages-${run}@example.org`;
const model = `E2E Pages ${run}`;
let db: Db;
let token = "";
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let demoTask1: GoldInstance[] = [];
let devId = "";
let testId = "";
let privateId = "";
let systemSlug = "";

const bySplit = (split: GoldInstance["split"]) => demoTask1.filter((i) => i.split === split);

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  token = await createTokenViaCli(databaseUrl, email);
  const rows = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" },
    orderBy: { benchmarkId: "asc" },
    select: { benchmarkId: true, split: true, gold: { select: { gold: true } } },
  });
  demoTask1 = rows.map((r) => ({ benchmarkId: r.benchmarkId, split: r.split, gold: r.gold!.gold as GoldInstance["gold"] }));
  expect(bySplit("dev").length).toBeGreaterThanOrEqual(4);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.$disconnect();
});

async function upload(fields: Record<string, string>, rows: unknown[]): Promise<string> {
  const answer = await uploadMultipart(baseUrl, { token, fields: { task: "task1", benchmark: "demo", model, ...fields }, file: jsonl(rows) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  const done = await waitUntilFinished(baseUrl, answer.body.id!, token, SCORING_TIMEOUT_MS);
  expect(done.status, done.failureReason ?? "").toBe("done");
  return answer.body.id!;
}

describe("uploads the pages are checked on", () => {
  test("a dev-split, a test-split and a private submission of one system are scored", async () => {
    const dev = bySplit("dev");
    const [perfect, drifted, empty] = [dev[0]!, dev[1]!, dev[2]!];
    const driftedItems = drifted.gold.memory_items.slice(1);
    const devRows = [
      { benchmark_id: perfect.benchmarkId, memory_items: perfect.gold.memory_items },
      // first gold item left out, one unrelated item added: a miss and an extra with a similarity under 0.30
      {
        benchmark_id: drifted.benchmarkId,
        memory_items: [...driftedItems, { memory_id: "x1", type: "indirect", label: "Zzz/Qqq", value: "zebra quantum xylophone", confidence: 0.05 }],
      },
      { benchmark_id: empty.benchmarkId, memory_items: [] },
    ];
    devId = await upload({ split: "dev" }, devRows);
    // a test-split file must cover every test instance (a partial one is refused: issue 11, finding 4)
    // each file gets a value of its own: the same predictions uploaded by another test would be a 409 duplicate
    const own = { type: "indirect", label: "Zzz/Qqq", value: `system-pages ${Date.now()}`, confidence: 0.05 };
    testId = await upload(
      { split: "test" },
      bySplit("test").map((i, k) => ({ benchmark_id: i.benchmarkId, memory_items: k === 0 ? [...i.gold.memory_items, own] : i.gold.memory_items })),
    );
    privateId = await upload({ split: "validation", visibility: "private" }, [{ benchmark_id: bySplit("validation")[0]!.benchmarkId, memory_items: [own] }]);
    const systems = await db.submission.findMany({ where: { id: { in: [devId, testId, privateId] } }, select: { system: { select: { slug: true } } } });
    expect(new Set(systems.map((s) => s.system.slug)).size).toBe(1);
    systemSlug = systems[0]!.system.slug;
    // An older scorer version of the dev submission's F1, as a re-score leaves behind, and an unsafe paper link.
    await db.score.create({
      data: {
        submissionId: devId,
        trackId: "task1",
        metric: "f1",
        kind: "deterministic",
        scoreVersion: "det-0.9.0",
        value: 0.1234,
        n: 6,
        computedAt: new Date("2026-01-01T00:00:00Z"),
      },
    });
    await db.system.update({ where: { slug: systemSlug }, data: { paperUrl: "javascript:alert(1)", codeUrl: "https://example.org/code" } });
  }, 400_000);
});

describe("system page", () => {
  test("a demo system's page lists its seeded submission with scores per task, n and CI, and its score history", async () => {
    const response = await page.goto(`${baseUrl}/systems/demo-atlas-memory`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toBe("Atlas Memory (demo)");
    const card = page.locator('[data-testid="system-submission"][data-submission-id="seed-demo-demo-atlas-memory"]');
    await expect(card.count()).resolves.toBe(1);
    const board = (await (await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=demo&split=full`)).json()) as { rows: Record<string, unknown>[] };
    const row = board.rows.find((r) => r.system_slug === "demo-atlas-memory")!;
    const task1 = card.locator('[data-testid="system-scores"]', { hasText: "Task 1 · Memory extraction" });
    const text = (await task1.textContent()) ?? "";
    expect(text).toContain(formatMetric(row.algo_score_100 as number, 2)!);
    expect(text).toContain(`[${formatMetric(row.f1__ci_low as number, 4)}, ${formatMetric(row.f1__ci_high as number, 4)}]`);
    expect(text).toContain(String(row.f1__n));
    const history = card.locator('[data-testid="score-history"]');
    expect(await history.locator("summary").textContent()).toMatch(/1 deterministic version/);
    expect(await history.locator('[data-testid="history-deterministic"]').textContent()).toContain(SCORER_VERSION);
    expect(await page.locator('[data-testid="compare-link"]').getAttribute("href")).toBe("/compare?a=demo-atlas-memory");
    expect(pageErrors).toEqual([]);
  });

  test("an uploader's system: public submissions for everyone, the private one only for its owner; the history shows both versions; unsafe links are text", async () => {
    const anonymous = await browser.newContext();
    const anonPage = await anonymous.newPage();
    await anonPage.goto(`${baseUrl}/systems/${systemSlug}`);
    const listed = await anonPage.locator('[data-testid="system-submission"]').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-submission-id")));
    expect(listed.sort()).toEqual([devId, testId].sort());
    const facts = anonPage.locator('[data-testid="system-facts"]');
    expect(await facts.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await facts.textContent()).toContain("javascript:alert(1)");
    expect(await facts.locator('a[href="https://example.org/code"]').count()).toBe(1);

    const history = anonPage.locator(`[data-submission-id="${devId}"] [data-testid="history-deterministic"]`);
    const historyText = (await history.textContent()) ?? "";
    expect(historyText).toContain("det-0.9.0");
    expect(historyText).toContain(SCORER_VERSION);
    expect(historyText).toContain("0.1234");
    expect(await history.locator("tr", { hasText: "F1" }).textContent()).toContain("changed");
    await expect(anonPage.locator(`[data-submission-id="${devId}"] [data-testid="history-chart"]`).count()).resolves.toBe(1);
    await anonymous.close();

    const owner = await browser.newContext();
    await signInBrowser(owner, baseUrl, databaseUrl, { email });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${baseUrl}/systems/${systemSlug}`);
    const ownerListed = await ownerPage.locator('[data-testid="system-submission"]').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-submission-id")));
    expect(ownerListed.sort()).toEqual([devId, testId, privateId].sort());
    expect(await ownerPage.locator(`[data-submission-id="${privateId}"]`).textContent()).toContain("private");
    await owner.close();
  });
});

type BreakdownRow = { benchmark_id: string; split: string; f1: number; precision: number; recall: number };

describe("submission page", () => {
  test("a dev-split submission: per-dimension table, and every dev instance with its matching explained (to its owner)", async () => {
    // the submitted predictions are shown to the owner and admins only (uploaded files are never served back)
    const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signInBrowser(ownerContext, baseUrl, databaseUrl, { email });
    const page = await ownerContext.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const response = await page.goto(`${baseUrl}/submissions/${devId}`);
    expect(response?.status()).toBe(200);
    const dimensions = page.locator('[data-testid="dimension-breakdown"] table');
    expect(await dimensions.count()).toBe(1);
    const api = (await (await fetch(`${baseUrl}/api/v1/submissions/${devId}/breakdown?level=dimension`)).json()) as { groups: { dimension: string; n: number }[] };
    const dimText = (await dimensions.textContent()) ?? "";
    for (const g of api.groups) expect(dimText).toContain(g.dimension.replace(/_/g, " "));
    // each mean shows its 95% interval under it (one per cell with a mean)
    const cis = await dimensions.locator("[data-dimension-ci]").allTextContents();
    expect(cis.length).toBeGreaterThan(0);
    for (const ci of cis) expect(ci).toMatch(/^95% CI \[-?\d+\.\d+, -?\d+\.\d+\]$/);
    expect(api.groups.reduce((s, g) => s + g.n, 0)).toBe(bySplit("dev").length);

    const rows = page.locator('[data-testid="instance-row"]');
    expect(await rows.count()).toBe(bySplit("dev").length);
    const instances = (await (await fetch(`${baseUrl}/api/v1/submissions/${devId}/breakdown?level=instance`)).json()) as { rows: BreakdownRow[] };
    const dev = bySplit("dev");

    // The perfect instance: every gold item matched with pair score 1.
    const perfect = rows.filter({ has: page.locator(`summary:has-text("${dev[0]!.benchmarkId}")`) });
    await perfect.locator("summary").first().click();
    // an opened row's matching is fetched then: the page holds one line per row
    await perfect.locator('[data-testid="gold-items"]').waitFor();
    const perfectFates = await perfect.locator('[data-testid="gold-items"] [data-fate]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-fate")));
    expect(perfectFates).toEqual(dev[0]!.gold.memory_items.map(() => "matched"));
    expect(await perfect.locator('[data-testid="gold-items"]').textContent()).toContain("1.0000 ≥ 0.30");

    // The drifted instance: the left-out gold item is a miss, the unrelated prediction an extra under 0.30.
    const drifted = rows.filter({ has: page.locator(`summary:has-text("${dev[1]!.benchmarkId}")`) });
    await drifted.locator("summary").first().click();
    await drifted.locator('[data-testid="extra-items"]').waitFor();
    const goldFates = await drifted.locator('[data-testid="gold-items"] [data-fate]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-fate")));
    expect(goldFates[0]).not.toBe("matched");
    expect(goldFates.slice(1).every((f) => f === "matched")).toBe(true);
    const extra = (await drifted.locator('[data-testid="extra-items"]').textContent()) ?? "";
    expect(extra).toContain("zebra quantum xylophone");
    expect(extra).toMatch(/scores 0\.\d{4} < 0\.30/);
    // The summary line shows the stored per-instance metrics, the same as the breakdown API's.
    const apiRow = instances.rows.find((r) => r.benchmark_id === dev[1]!.benchmarkId)!;
    expect((await drifted.locator("summary").first().textContent())?.replace(/\s+/g, " ")).toContain(`F1 ${formatMetric(apiRow.f1, 4)}`);
    // Input collapsed by default and not in the page (fetched from the API when opened), present on opening.
    const input = drifted.locator('[data-testid="instance-input"]');
    expect(await input.getAttribute("open")).toBeNull();
    expect(await input.textContent()).not.toContain("Dialogue");
    await input.locator("summary").click();
    expect(await input.getAttribute("open")).toBe("");
    await expect.poll(() => input.textContent()).toContain("Dialogue");

    // Only misses: the instances whose F1 is below 1.
    await page.goto(`${baseUrl}/submissions/${devId}?misses=1`);
    const misses = instances.rows
      .filter((r) => r.f1 < 1)
      .map((r) => r.benchmark_id)
      .sort();
    const shown = await page.locator('[data-testid="instance-row"]').evaluateAll((els) => els.map((el) => el.getAttribute("data-benchmark-id")));
    expect(shown.sort()).toEqual(misses);
    expect(misses.length).toBeGreaterThanOrEqual(dev.length - 1);
    expect(pageErrors).toEqual([]);
    await ownerContext.close();
  });

  test("a visitor sees the dev-split submission's per-instance scores and recorded matching, never the uploaded predictions", async () => {
    const response = await page.goto(`${baseUrl}/submissions/${devId}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('[data-testid="instance-row"]').count()).toBe(bySplit("dev").length);
    expect(await page.locator('[data-testid="predictions-not-shown"]').count()).toBe(1);
    expect(await page.content()).not.toContain("zebra quantum xylophone");
  });

  test("a test-split submission shows no per-instance rows and no test gold, to the public and to an admin", async () => {
    const secretValues = bySplit("test").flatMap((i) => i.gold.memory_items.map((m) => m.value));
    for (const who of ["anonymous", "admin"] as const) {
      const ctx = await browser.newContext();
      if (who === "admin") await signInBrowser(ctx, baseUrl, databaseUrl, { email: `pages-admin-${run}@example.org`, role: "admin" });
      const p = await ctx.newPage();
      const response = await p.goto(`${baseUrl}/submissions/${testId}`);
      expect(response?.status()).toBe(200);
      expect(await p.locator('[data-testid="instance-row"]').count()).toBe(0);
      expect(await p.locator('[data-testid="no-instances"]').textContent()).toContain("not published");
      const html = await p.content();
      for (const value of secretValues) expect(html).not.toContain(value);
      await ctx.close();
    }
  });
});

describe("compare view", () => {
  type ApiRow = Record<string, unknown> & { system_slug: string };
  /** The expected best systems (letters) of one metric: the leaderboard API's values, ties at the precision shown. */
  function expectedBest(rows: (ApiRow | undefined)[], def: (typeof TRACK_METRICS.task1)[number]): string {
    const keyed = rows.map((r, i) => ({ letter: "ABCD"[i]!, v: r?.[def.id] })).filter((x): x is { letter: string; v: number } => typeof x.v === "number");
    if (keyed.length < 2) return "";
    const k = (v: number) => Math.round(v * 10 ** def.decimals) * (def.direction === "higher" ? 1 : -1);
    const top = Math.max(...keyed.map((x) => k(x.v)));
    return keyed
      .filter((x) => k(x.v) === top)
      .map((x) => x.letter)
      .join(",");
  }

  test("an old two-system link still works: the leaderboard's values, n and CI, the best side marked", async () => {
    const response = await page.goto(`${baseUrl}/compare?a=demo-atlas-memory&b=demo-wren-chat`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toBe("Atlas Memory (demo) vs Wren Chat (demo)");
    const board = (await (await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=demo&split=full`)).json()) as { rows: ApiRow[] };
    const a = board.rows.find((r) => r.system_slug === "demo-atlas-memory")!;
    const b = board.rows.find((r) => r.system_slug === "demo-wren-chat")!;
    const table = page.locator('[data-testid="compare-table"][data-track="task1"]');
    let checked = 0;
    for (const def of TRACK_METRICS.task1) {
      const va = a[def.id];
      const vb = b[def.id];
      if (typeof va !== "number" || typeof vb !== "number") continue;
      const row = table.locator(`tr[data-metric="${def.id}"]`);
      const cells = await row.locator("td").allTextContents();
      expect(cells).toHaveLength(2);
      expect(cells[0]).toContain(formatMetric(va, def.decimals)!);
      expect(cells[1]).toContain(formatMetric(vb, def.decimals)!);
      expect(cells[0]).toMatch(/n=\d/);
      const best = expectedBest([a, b], def);
      expect(await row.getAttribute("data-best")).toBe(best);
      // the side that is not best says whether its interval overlaps the best one
      if (best.length === 1) expect(cells[best === "A" ? 1 : 0]).toMatch(/interval (overlaps|apart from) the best/);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  test("four systems: a value per system, the best per metric in its direction, overlaps with the best; the picker fills four slots", async () => {
    const slugs = ["demo-atlas-memory", "demo-wren-chat", "demo-pebble-mini", "demo-lexical-baseline"];
    const response = await page.goto(`${baseUrl}/compare?a=${slugs[0]}&b=${slugs[1]}&c=${slugs[2]}&d=${slugs[3]}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toBe("Atlas Memory (demo) vs Wren Chat (demo) vs Pebble Mini (demo) vs Word-overlap baseline (demo)");
    const board = (await (await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=demo&split=full`)).json()) as { rows: ApiRow[] };
    const rows = slugs.map((slug) => board.rows.find((r) => r.system_slug === slug));
    const table = page.locator('[data-testid="compare-table"][data-track="task1"]');
    await expect(table.locator("thead th[data-system]").count()).resolves.toBe(4);
    let checked = 0;
    for (const def of TRACK_METRICS.task1) {
      if (rows.every((r) => typeof r?.[def.id] !== "number")) continue;
      const row = table.locator(`tr[data-metric="${def.id}"]`);
      const cells = await row.locator("td").allTextContents();
      expect(cells).toHaveLength(4);
      rows.forEach((r, i) => {
        const v = r?.[def.id];
        if (typeof v === "number") expect(cells[i]).toContain(formatMetric(v, def.decimals)!);
        else expect(cells[i]).toContain("–");
      });
      const best = expectedBest(rows, def);
      expect(await row.getAttribute("data-best"), def.id).toBe(best);
      for (const letter of best.split(",").filter(Boolean)) await expect(row.locator(`td[data-system="${letter}"]`).textContent()).resolves.toContain("best");
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);

    // The picker: four slots, the last two optional.
    await page.goto(`${baseUrl}/compare`);
    await page.locator('select[name="a"]').selectOption("demo-pebble-mini");
    await page.locator('select[name="b"]').selectOption("demo-atlas-memory");
    await page.locator('select[name="c"]').selectOption("demo-wren-chat");
    await page.getByRole("button", { name: "Compare" }).click();
    await page.waitForURL(/a=demo-pebble-mini&b=demo-atlas-memory&c=demo-wren-chat/);
    await expect(page.locator("h1").textContent()).resolves.toBe("Pebble Mini (demo) vs Atlas Memory (demo) vs Wren Chat (demo)");
    expect(await page.locator('[data-testid="compare-table"]').count()).toBeGreaterThan(0);
    await expect(page.locator('select[name="c"]').inputValue()).resolves.toBe("demo-wren-chat");
    expect(pageErrors).toEqual([]);
  });
});
