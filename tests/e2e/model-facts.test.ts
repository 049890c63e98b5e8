import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { setSystemFacts } from "@/lib/model-facts/set-system-facts";
import { launchChromium } from "./browser";

/**
 * Model facts (issue 23 item 4): an "open weights, under 20B parameters" filter keeps the right rows, typed in the
 * board's search box, from the URL, and through the read API. The test's own benchmark and systems carry facts
 * set the admin way (setSystemFacts), so it does not depend on seeded facts.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const realData = inject("realDataImported");
const BENCHMARK = "facts-e2e";

// name, facts; only "Facts Small Open" is open and under 20B
const SYSTEMS: [string, Record<string, unknown>][] = [
  ["Facts Small Open", { paramsB: 8, openWeights: true, license: "Apache-2.0", releaseDate: "2024-07-23", modelUrl: "https://example.org/small" }],
  ["Facts Big Open", { paramsB: 70, openWeights: true, license: "Apache-2.0" }],
  ["Facts Small Closed", { paramsB: 7, openWeights: false, license: "proprietary" }],
  ["Facts Open Unknown Size", { openWeights: true, license: "MIT" }],
  ["Facts Exactly Twenty", { paramsB: 20, activeParamsB: 5, openWeights: true, license: "MIT" }],
];
const slugOf = (name: string) => name.toLowerCase().replace(/ /g, "-");

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const db = createPrismaClient(databaseUrl);
  try {
    const benchmark = await db.benchmarkVersion.upsert({
      where: { slug: BENCHMARK },
      create: { slug: BENCHMARK, name: "Facts e2e", description: "model facts", source: "e2e", isDemo: true },
      update: {},
    });
    for (const [i, [name, facts]] of SYSTEMS.entries()) {
      const slug = slugOf(name);
      await db.system.upsert({ where: { slug }, create: { id: slug, slug, name, kind: "general_llm" }, update: {} });
      const set = await setSystemFacts(db, slug, facts, { id: null, reason: "e2e" });
      expect(set.ok, JSON.stringify(set)).toBe(true);
      await db.submission.upsert({
        where: { id: `${slug}-sub` },
        create: { id: `${slug}-sub`, systemId: slug, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "reported", status: "done" },
        update: {},
      });
      await db.score.createMany({
        data: [{ submissionId: `${slug}-sub`, trackId: "task1", metric: "algo_score_100", kind: "deterministic", scoreVersion: "reported", value: 50 + i }],
        skipDuplicates: true,
      });
    }
  } finally {
    await db.$disconnect();
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

async function shownNames(): Promise<string[]> {
  await page.locator("table[data-lb][data-hydrated]").first().waitFor();
  const names = await page
    .locator("table tbody tr[data-row-id] th[scope=row]")
    .evaluateAll((cells) => cells.map((c) => (c.querySelector("a")?.textContent ?? c.textContent ?? "").trim()));
  return names.filter((n) => n.startsWith("Facts ")).sort();
}

describe("model facts filters", () => {
  test('the search box\'s "open:yes params:<20" shows the open-weights models under 20B only', async () => {
    await page.goto(`${baseUrl}/tasks/task1?benchmark=${BENCHMARK}`);
    expect(await shownNames()).toHaveLength(SYSTEMS.length);
    await page.locator('input[type="search"]').fill("open:yes params:<20");
    await expect.poll(shownNames).toEqual(["Facts Small Open"]);
    // at most 20B (inclusive) also keeps the 20B model
    await page.locator('input[type="search"]').fill("open:yes params:<=20");
    await expect.poll(shownNames).toEqual(["Facts Exactly Twenty", "Facts Small Open"]);
  });

  test("the URL's open=1&params_max=19.9 keeps the same rows; license=mit keeps the MIT ones", async () => {
    await page.goto(`${baseUrl}/tasks/task1?benchmark=${BENCHMARK}&open=1&params_max=19.9`);
    expect(await shownNames()).toEqual(["Facts Small Open"]);
    await page.goto(`${baseUrl}/tasks/task1?benchmark=${BENCHMARK}&license=mit`);
    expect(await shownNames()).toEqual(["Facts Exactly Twenty", "Facts Open Unknown Size"]);
  });

  test("API rows carry the facts; the table query filters them; a bad params_max is a 400 naming it", async () => {
    const response = await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=${BENCHMARK}&open=1&params_max=20&format=json`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: Record<string, unknown>[] };
    const rows = body.rows.filter((r) => String(r.system).startsWith("Facts "));
    expect(rows.map((r) => r.system).sort()).toEqual(["Facts Exactly Twenty", "Facts Small Open"]);
    expect(rows.find((r) => r.system === "Facts Small Open")).toMatchObject({
      params_b: 8,
      active_params_b: null,
      license: "Apache-2.0",
      open_weights: true,
      release_date: "2024-07-23",
      model_url: "https://example.org/small",
    });
    expect(rows.find((r) => r.system === "Facts Exactly Twenty")).toMatchObject({ params_b: 20, active_params_b: 5 });
    const bad = await fetch(`${baseUrl}/api/v1/leaderboards/task1?benchmark=${BENCHMARK}&params_max=lots&format=json`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("params_max");
  });
});

describe("Every Eval Ever download", () => {
  test("format=eee of the real-data board: a zip whose every record validates against the vendored eval.schema.json", async () => {
    const response = await fetch(`${baseUrl}/api/v1/snapshot?benchmark=alpsbench-v1&format=eee`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../lib/eee/schema/eval.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const records = Object.entries(files).filter(([name]) => name.startsWith("every_eval_ever/") && name.endsWith(".json"));
    expect(records.length).toBeGreaterThan(0);
    const types = new Set<string>();
    for (const [name, bytes] of records) {
      const record = JSON.parse(strFromU8(bytes)) as { source_metadata: { source_type: string } };
      expect(validate(record), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      types.add(record.source_metadata.source_type);
    }
    expect(types.has("documentation")).toBe(true);
    // with the real data imported, the re-scored runs are there too
    if (realData) expect(types.has("evaluation_run")).toBe(true);
    expect(Object.keys(files)).toContain("checksums.sha256");
    // the view endpoint answers the same export
    const view = await fetch(`${baseUrl}/api/v1/leaderboards/task1?format=eee`);
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toBe("application/zip");
  });
});
