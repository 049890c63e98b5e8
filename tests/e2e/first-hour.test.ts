import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { seed } from "@/lib/db/seed";
import { TRACK_IDS, TRACK_LABELS } from "@/lib/benchmarks/alpsbench/track-ids";
import { createTestDatabase } from "../test-database";
import { zipFolder } from "../zip-folder";
import { startProcess, stopAll, waitFor, waitForWeb, type Proc } from "./app-processes";
import { launchChromium, saveScreenshot } from "./browser";
import { runCli } from "./submissions-helpers";

/**
 * Issue 21, "Done when": a newcomer's first hour on a fresh `npm start`, in Chromium. The shared e2e server has
 * e-mail sign-in configured (which turns the local sign-in link off), so this file runs the site as a fresh clone
 * runs it: its own freshly seeded database, its own web server and worker, no EMAIL_SERVER, no GitHub app, default
 * HOST and proxy settings. The loop: sign in with the local link the server prints to its log (no mail), download
 * inputs from a task page, write the starter run (`alpsbench export-predictions --starter`), zip it and upload it
 * with the web form, then read every track's status, and the reason for any missing figure, on the run page.
 * With no real data imported, the inputs and the starter run are the synthetic demo's, as on a fresh clone.
 */

const EMAIL = `newcomer-${Date.now().toString(36)}@example.org`;
const SYSTEM = `Starter ${Date.now().toString(36)}`;
const FINISHED = new Set(["done", "failed"]);

let database: { url: string; dispose: () => Promise<void> };
let web: Proc;
let worker: Proc;
let baseUrl = "";
let browser: Browser;
let page: Page;
let tmp = "";
const pageErrors: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "alpsbench-first-hour-"));
  // a database of its own on the e2e cluster, seeded as `npm start` seeds a new one
  database = await createTestDatabase("first_hour", { serverUrl: inject("e2eDatabaseUrl") });
  const db = createPrismaClient(database.url);
  await seed(db);
  await db.$disconnect();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // what a fresh clone has: no sign-in method, no proxy, no judge (an empty value unsets the variable)
  const env = {
    DATABASE_URL: database.url,
    PORT: String(port),
    AUTH_SECRET: "e2e-only-secret-not-for-production-use",
    EMAIL_SERVER: "",
    AUTH_URL: "",
    AUTH_GITHUB_ID: "",
    AUTH_GITHUB_SECRET: "",
    HOST: "",
    TRUSTED_PROXY_HOPS: "",
    JUDGE_BASE_URL: "",
    JUDGE_MODEL: "",
  };
  web = startProcess("web server", "scripts/web.ts", env);
  worker = startProcess("worker", "scripts/worker.ts", env);
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await waitForWeb(web, baseUrl);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stopAll([web, worker].filter(Boolean));
  await database?.dispose();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The one-time link the server printed for `email` (app/signin/local-actions.ts), read from its log. */
function printedLink(email: string): string | null {
  const at = web.output.findLastIndex((line) => line.includes(`local sign-in link for ${email}`));
  if (at < 0) return null;
  return (
    web.output
      .slice(at)
      .join("\n")
      .match(/https?:\/\/\S+\/signin\/local\?token=[\w-]+\S*/)?.[0] ?? null
  );
}

describe("the submitter's first hour on a fresh server without mail", () => {
  test("sign in with the local link, download inputs from a task page, upload the starter run with the web form, read every track's status and reasons", async () => {
    // 1. /submit sends a visitor to sign in; with no mail configured, the sign-in page offers the local link
    await page.goto(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Sign in to submit");
    await page.getByRole("link", { name: "Sign in to submit" }).click();
    await page.waitForURL(/\/signin\?/);
    const local = page.locator('[data-testid="local-sign-in"]');
    await local.getByLabel("E-mail address").fill(EMAIL);
    await local.getByRole("button", { name: "Print a sign-in link to the server log" }).click();
    await local.getByText("A sign-in link is in the server's log").waitFor({ timeout: 30_000 });
    const link = await waitFor("the sign-in link in the server's log", async () => printedLink(EMAIL), 10_000);
    expect(new URL(link).origin).toBe(baseUrl);
    await page.goto(link);
    await page.waitForURL(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Submit predictions");
    await expect(page.locator("main").getByText(`Signed in as ${EMAIL}`).count()).resolves.toBe(1);
    // the link works once
    await page.goto(link);
    await page.waitForURL(/\/signin\?error=LocalLink/);
    await page.goto(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Submit predictions");

    // 2. inputs, one click from a task page, no gold in them
    await page.goto(`${baseUrl}/tasks/task1`);
    const inputsLink = page.locator('[data-testid="inputs-links"]').getByRole("link", { name: `${TRACK_LABELS.task1}: dev inputs`, exact: true });
    const [download] = await Promise.all([page.waitForEvent("download"), inputsLink.click()]);
    expect(download.suggestedFilename()).toBe("alpsbench-demo-task1-dev-inputs.jsonl");
    const inputRows = readFileSync(await download.path(), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputRows.length).toBeGreaterThan(0);
    for (const row of inputRows) {
      expect(typeof row.benchmark_id).toBe("string");
      expect(Object.keys(row)).not.toContain("gold");
    }

    // 3. the starter run, as the README tells a newcomer to write it, covers the same instances
    const runDir = path.join(tmp, "run");
    const starter = await runCli(["export-predictions", "--starter", "--benchmark", "demo", "--split", "dev", "--out", runDir], database.url, 120_000);
    expect(starter.code, starter.stderr).toBe(0);
    expect(starter.stderr).toContain(`starter run: ${TRACK_IDS.length} file(s)`);
    const starterTask1 = readFileSync(path.join(runDir, "dev", "task1", "predictions.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => (JSON.parse(line) as { benchmark_id: string }).benchmark_id);
    expect(new Set(starterTask1)).toEqual(new Set(inputRows.map((row) => row.benchmark_id)));

    // 4. zipped and uploaded by the web form: one run of every track
    await page.goto(`${baseUrl}/submit`);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit for scoring" }) });
    await form.getByLabel("Benchmark", { exact: true }).selectOption("demo");
    await form.getByLabel(/^System name\b/).fill(SYSTEM);
    await form.getByLabel(/^Prediction file \(/).setInputFiles({ name: "starter-run.zip", mimeType: "application/zip", buffer: Buffer.from(zipFolder(runDir)) });
    await form.getByRole("button", { name: "Submit for scoring" }).click();
    await page.waitForURL(/\/runs\/[^/?#]+$/, { timeout: 60_000 });

    // 5. the run page: every track, in the benchmark's order, each with its status and the reason for what is missing
    const rows = page.locator('[data-testid="run-tracks"] tbody tr');
    await waitFor(
      "every track of the run to finish",
      async () => {
        await page.reload();
        const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status") ?? ""));
        return statuses.length === TRACK_IDS.length && statuses.every((s) => FINISHED.has(s));
      },
      150_000,
      2_000,
    );
    await expect(page.locator("h1").textContent()).resolves.toBe(SYSTEM);
    const tracks = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-track")));
    expect(tracks).toEqual([...TRACK_IDS]);
    for (const track of TRACK_IDS) {
      const row = page.locator(`[data-testid="run-tracks"] tbody tr[data-track="${track}"]`);
      const status = (await row.locator('[data-testid="run-track-status"]').textContent())?.trim() ?? "";
      // no judge on a fresh server: every track is scored except its judge metrics, and says so; a starter file that
      // reproduces a reference row (Task 2's copies the input, as "Copy the input" does) is a copy, unranked, and says why
      expect(status, track).toMatch(/^scored except the judge: waiting for a judge(, unranked)?$/);
      const notes = await row.locator('[data-testid="run-track-note"]').allTextContents();
      if (status.endsWith(", unranked")) expect(notes.join("\n"), track).toMatch(/^A copy of /m);
      else expect(notes.join("\n"), track).not.toMatch(/A copy of /);
      const results = (await row.locator('[data-testid="run-track-results"]').textContent())?.trim() ?? "";
      expect(results, track).not.toBe("—");
      // where its row shows: the demo board of its task, dev split, filtered to this system
      const board = new URL((await row.locator('[data-testid="run-track-board"]').getAttribute("href")) ?? "", baseUrl);
      expect(board.pathname, track).toBe(`/tasks/${track.split("/")[0]}`);
      expect(Object.fromEntries(board.searchParams), track).toMatchObject({ split: "dev", benchmark: "demo", q: SYSTEM });
    }
    // Task 4's judge metrics: no judge on a fresh server, and the page says what its operator does about it
    for (const track of TRACK_IDS.filter((t) => t.startsWith("task4"))) {
      const missing = await page.locator(`tr[data-track="${track}"] [data-testid="run-track-missing"]`).allTextContents();
      expect(missing.join("\n"), track).toMatch(/no LLM judge is configured on this server.*JUDGE_BASE_URL/);
    }
    await saveScreenshot(page, "first-hour/run-1280-light.png", { fullPage: true });

    // the board link finds the run's row
    await page.locator('tr[data-track="task1"] [data-testid="run-track-board"]').click();
    await page.waitForURL(/\/tasks\/task1\?/);
    await expect(page.locator("table").first().getByText(SYSTEM).count()).resolves.toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
