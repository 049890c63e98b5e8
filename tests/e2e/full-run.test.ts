import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { exportPredictionsFromPackets } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { createBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { officialTrackName, releaseFolderOf, TRACK_IDS, taskOf, trackSlug, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { zipFolder } from "../zip-folder";
import { SHARED_DATA_DIR, requireSharedData } from "../shared-data";
import { launchChromium, saveScreenshot } from "./browser";
import { signInBrowser } from "./sign-in";
import { createTokenViaCli, jsonl, runCli, waitUntilFinished } from "./submissions-helpers";

/**
 * Issue 10, "Done when": a whole AlpsBench run in the official layout (every track, one split folder), made the
 * way a researcher makes one (the packets' stored Task 1 outputs; keep-the-old-memories for Task 2; the BM25 pick
 * for Task 3; a fixed `{answer, used_memory_fact}` for Task 4), zipped and uploaded through the API and through
 * the web form in Chromium. Every track must reach done, and every per-instance result the server publishes must
 * equal `alpsbench score --database` of the same file. The dev split is used (a partial test-split file is
 * refused by design); the browser run uses the validation split, so its content differs (no 409).
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const imported = inject("realDataImported");
const tag = Date.now().toString(36);
const BENCHMARK = "alpsbench-v1";

type InputRow = { benchmark_id: string } & Record<string, unknown>;
type ScoreJson = {
  task: string;
  source: string;
  n: number;
  metrics: Record<string, number | null>;
  intervals: Record<string, { low: number | null; high: number | null; n: number | null }>;
  instances: ({ benchmark_id: string; predicted: boolean } & Record<string, number | boolean | null>)[];
};
type BreakdownRow = { benchmark_id: string; track: string; split: string; predicted: boolean } & Record<string, number | boolean | string | null>;
type RunAnswer = { run_id?: string; submissions?: { id: string; task: string; split: string; status: string; file: string }[]; error?: unknown };

/** The public inputs of a track's split, exactly as the server serves them to a system. */
async function inputsOf(track: TrackId, split: Split): Promise<InputRow[]> {
  const response = await fetch(`${baseUrl}/api/v1/inputs/${trackSlug(track)}?benchmark=${BENCHMARK}&split=${split}`);
  expect(response.status, `${track} ${split} inputs`).toBe(200);
  const rows = (await response.text())
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as InputRow);
  expect(rows.length, `${track} ${split} inputs`).toBe(Number(response.headers.get("x-alpsbench-instances")));
  expect(rows.length, `${track} ${split} inputs`).toBeGreaterThan(0);
  return rows;
}

/**
 * BM25 with its term cache shared by every pool of both runs (the same picks as bm25Select: bm25-select.test.ts):
 * the pools repeat a few thousand memories, and tokenizing each candidate again made building the two run folders
 * most of this file's time.
 */
const bm25Select = createBm25Selector();

/**
 * One track's prediction rows for a split, in the official contract. `task1Outputs` are the packets' stored
 * outputs of one model; `flavour` makes the two runs' files differ where the baseline itself would not.
 */
function predictionsFor(track: TrackId, inputs: InputRow[], task1Outputs: Map<string, unknown[]>, flavour: string): unknown[] {
  switch (taskOf(track)) {
    case "task1":
      // the packets hold 2,272 of the 2,330 Task 1 instances: the others are left out (scored as empty)
      return inputs
        .filter((input) => task1Outputs.has(input.benchmark_id))
        .map((input) => ({ benchmark_id: input.benchmark_id, memory_items: task1Outputs.get(input.benchmark_id) }));
    case "task2":
      // keep the old memories: the input pool, unchanged, is the predicted state after the update
      return inputs.map((input) => ({ benchmark_id: input.benchmark_id, memory_items: Array.isArray(input.memory) ? input.memory : [] }));
    case "task3":
      return inputs.map((input) => {
        const candidates = (Array.isArray(input.candidate_memories) ? input.candidate_memories : []) as { memory_id: string; value: unknown }[];
        const pick = bm25Select(input.query ?? "", candidates);
        const chosen = candidates[pick.selectedIndex ?? 0];
        return {
          benchmark_id: input.benchmark_id,
          answer: String(chosen?.value ?? ""),
          reason: `BM25 top candidate (${flavour})`,
          selected_memory_id: pick.selectedMemoryId,
        };
      });
    case "task4":
      return inputs.map((input) => ({ benchmark_id: input.benchmark_id, answer: `I remember what you told me (${flavour}).`, used_memory_fact: "none" }));
  }
}

/** Writes `<root>/benchmark_data/<split>/<track folder>/predictions.jsonl` for every track; returns each file's path. */
async function buildRunFolder(root: string, split: Split, task1Model: string, flavour: string): Promise<Map<TrackId, string>> {
  const { rows } = await exportPredictionsFromPackets(SHARED_DATA_DIR, "task1", task1Model);
  const task1Outputs = new Map(rows.map((row) => [row.benchmark_id, row.memory_items]));
  const files = new Map<TrackId, string>();
  for (const track of TRACK_IDS) {
    const inputs = await inputsOf(track, split);
    const predictions = predictionsFor(track, inputs, task1Outputs, flavour);
    expect(predictions.length, track).toBeGreaterThan(0);
    const dir = path.join(root, "benchmark_data", split, releaseFolderOf(track));
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "predictions.jsonl");
    writeFileSync(file, jsonl(predictions));
    files.set(track, file);
  }
  return files;
}

/** Runs `fn` over `items` with at most `limit` at a time (the CLI is a tsx subprocess each: the machine is shared). */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!);
      }
    }),
  );
  return results;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9;

describe.runIf(imported || requireSharedData)("a full AlpsBench run (every track) through the API and the web form", () => {
  let tmp: string;
  let token = "";

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), "alpsbench-e2e-full-run-"));
    token = await createTokenViaCli(databaseUrl, `full-run-${tag}@example.org`);
  }, 120_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test("API: a zipped dev-split run of all 12 tracks reaches done, and every per-instance result equals `score --database --split dev`", async () => {
    const folder = path.join(tmp, "api-run");
    const files = await buildRunFolder(folder, "dev", "GPT-5.2", `api ${tag}`);
    const zip = zipFolder(folder, "predictions");
    const form = new FormData();
    for (const [name, value] of Object.entries({ model: `Full run ${tag}`, benchmark: BENCHMARK, organisation: "E2E Lab" })) form.append(name, value);
    form.append("file", new Blob([Buffer.from(zip)], { type: "application/zip" }), "run.zip");

    const started = Date.now();
    const response = await fetch(`${baseUrl}/api/v1/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const answer = (await response.json()) as RunAnswer;
    const accepted = Date.now();
    expect(response.status, JSON.stringify(answer).slice(0, 2000)).toBe(202);
    expect(answer.run_id).toBeTruthy();
    const submissions = answer.submissions!;
    expect(submissions.map((s) => s.task).sort()).toEqual([...TRACK_IDS].sort());
    for (const s of submissions) expect(s.split, s.task).toBe("dev");

    // the reference, computed while the worker scores: `score` against the server's own instances and pools
    const referencePromise = mapLimited(TRACK_IDS, 3, async (track) => {
      const args = [
        "score",
        "--task",
        officialTrackName(track),
        "--database",
        "--benchmark",
        BENCHMARK,
        "--split",
        "dev",
        "--predictions",
        files.get(track)!,
        "--json",
      ];
      const result = await runCli(args, databaseUrl, 600_000);
      expect(result.code, `${track}: ${result.stderr}`).toBe(0);
      return [track, JSON.parse(result.stdout) as ScoreJson] as const;
    });

    const finished = await Promise.all(
      submissions.map(async (s) => {
        const done = await waitUntilFinished(baseUrl, s.id, token, 1_500_000);
        return { ...s, done, at: Date.now() };
      }),
    );
    const allDone = Math.max(...finished.map((f) => f.at));
    const reference = new Map(await referencePromise);

    const summary: string[] = [];
    for (const { task, id, done, at } of finished) {
      const track = task as TrackId;
      expect(done.status, `${track}: ${done.failureReason ?? ""}`).toBe("done");
      const want = reference.get(track)!;
      expect(want.source, track).toBe("database");

      const breakdown = await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown?level=instance&format=json`, { headers: { authorization: `Bearer ${token}` } });
      expect(breakdown.status, track).toBe(200);
      const { rows } = (await breakdown.json()) as { rows: BreakdownRow[] };
      expect(rows.length, track).toBe(want.n);
      expect(
        rows.every((r) => r.split === "dev"),
        track,
      ).toBe(true);
      const expected = new Map(want.instances.map((i) => [i.benchmark_id, i]));
      expect(new Set(rows.map((r) => r.benchmark_id)), track).toEqual(new Set(expected.keys()));
      let compared = 0;
      for (const row of rows) {
        const instance = expected.get(row.benchmark_id)!;
        expect(row.predicted, `${track} ${row.benchmark_id} predicted`).toBe(instance.predicted);
        for (const [metric, value] of Object.entries(instance)) {
          if (metric === "benchmark_id" || metric === "predicted") continue;
          const got = row[metric];
          if (value === null || typeof value !== "number") expect(got ?? null, `${track} ${row.benchmark_id} ${metric}`).toBe(value);
          else {
            expect(typeof got, `${track} ${row.benchmark_id} ${metric}`).toBe("number");
            expect(close(got as number, value), `${track} ${row.benchmark_id} ${metric}: server ${String(got)}, score ${value}`).toBe(true);
          }
          compared += 1;
        }
      }
      // the headline figures too: the same means over the same instances
      for (const [metric, value] of Object.entries(want.metrics)) {
        if (value === null) continue;
        const got = done.metrics[metric];
        expect(got?.n, `${track} ${metric} n`).toBe(want.intervals[metric]?.n);
        expect(close(got!.value!, value), `${track} ${metric}: server ${String(got?.value)}, score ${value}`).toBe(true);
      }
      // no judge is configured: every figure `score` does not compute (judge metrics) is shown as not judged
      const notJudged = Object.entries(done.metrics).filter(([metric]) => !(metric in want.metrics) || want.metrics[metric] === null);
      for (const [metric, m] of notJudged) expect(m.value, `${track} ${metric} should be not judged`).toBeNull();
      summary.push(
        `${officialTrackName(track).padEnd(15)} n=${String(want.n).padStart(4)} ${((at - started) / 1000).toFixed(1).padStart(6)} s  ` +
          `${
            Object.entries(want.metrics)
              .filter(([, v]) => v !== null)
              .slice(0, 3)
              .map(([k, v]) => `${k}=${v!.toFixed(4)}`)
              .join(" ") || "(judge metrics only: not judged)"
          }  [${compared} per-instance values equal]`,
      );
    }
    console.log(
      `[full-run] API run ${answer.run_id}: ${submissions.length} tracks, zip ${(zip.byteLength / 1024 / 1024).toFixed(1)} MB; ` +
        `upload answered in ${((accepted - started) / 1000).toFixed(1)} s, upload-to-done ${((allDone - started) / 1000).toFixed(1)} s\n${summary.join("\n")}`,
    );
  }, 1_800_000);

  describe("web form", () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await signInBrowser(context, baseUrl, databaseUrl, { email: `full-run-web-${tag}@example.org` });
    });
    afterAll(async () => {
      await browser?.close();
    });

    test("a zipped validation-split run uploaded on /submit opens its run page, which lists every track reaching done", async () => {
      const folder = path.join(tmp, "web-run");
      await buildRunFolder(folder, "validation", "Claude-Sonnet-4.5", `web ${tag}`);
      const zip = zipFolder(folder);
      const systemName = `Full web run ${tag}`;

      await page.goto(`${baseUrl}/submit`);
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit for scoring" }) });
      await form.getByLabel("Benchmark", { exact: true }).selectOption(BENCHMARK);
      await form.getByLabel(/^System name\b/).fill(systemName);
      await form.getByLabel(/^Prediction file \(/).setInputFiles({ name: "validation-run.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
      const started = Date.now();
      await page.getByRole("button", { name: "Submit for scoring" }).click();
      await page.waitForURL(/\/runs\/[^/?#]+$/, { timeout: 120_000 });
      await expect(page.locator("h1").textContent()).resolves.toBe(systemName);

      // the page refreshes itself while tracks score; read its table until every row says done
      const deadline = Date.now() + 1_500_000;
      let rows: { track: string | null; split: string; status: string | null }[] = [];
      for (;;) {
        try {
          rows = await page
            .locator('[data-testid="run-tracks"] tbody tr')
            .evaluateAll((trs) =>
              trs.map((tr) => ({ track: tr.getAttribute("data-track"), split: tr.children[1]?.textContent ?? "", status: tr.getAttribute("data-status") })),
            );
        } catch {
          // the page was reloading
        }
        if (rows.length === TRACK_IDS.length && rows.every((r) => r.status === "done" || r.status === "failed")) break;
        if (Date.now() > deadline) throw new Error(`run page still shows ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
      // in the benchmark's track order, and each Task 4 row (judge metrics only) says why it has no figure
      expect(rows.map((r) => r.track)).toEqual([...TRACK_IDS]);
      const task4Reasons = await page.locator('[data-track^="task4/"] [data-testid="run-track-missing"]').allTextContents();
      expect(task4Reasons).toHaveLength(5);
      for (const reason of task4Reasons) expect(reason).toMatch(/waiting for a judge: no LLM judge is configured on this server/);
      expect(rows.filter((r) => r.status !== "done")).toEqual([]);
      expect(rows.every((r) => r.split === "validation")).toBe(true);
      console.log(`[full-run] web run (validation split, 12 tracks): upload-to-done on the run page ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await saveScreenshot(page, "full-run/run-page-done.png", { fullPage: true });
      expect(pageErrors).toEqual([]);
    }, 1_800_000);
  });
});
