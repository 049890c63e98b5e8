import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { launchChromium, saveScreenshot } from "./browser";
import { signInBrowser } from "./sign-in";
import { jsonl } from "./submissions-helpers";

/**
 * Issue 36 #1: the form's default split was "Full benchmark", a test upload (2 a day), so a newcomer's first two
 * uploads locked them out of test uploads for a day. In Chromium, a new user submits through the form keeping
 * every default but the system name and the file: the upload is a dev one, spends no test answer, and the quota
 * ("n of n test answers left today") shows beside the split picker, in the limits box and at GET /api/v1/quota.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const realData = inject("realDataImported");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.runIf(realData)("the submit form's defaults spend no test upload", () => {
  test("defaults: dev split, its cost and the quota beside the picker; the upload spends no test answer", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signInBrowser(context, baseUrl, databaseUrl, { email: `default-split-${Date.now().toString(36)}@example.org` });
    await page.goto(`${baseUrl}/submit`);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit for scoring" }) });
    const [benchmark, track, split] = await Promise.all(["Benchmark", "Track", "Split"].map((label) => form.getByLabel(new RegExp(`^${label}\\b`)).inputValue()));
    expect(split).toBe("dev");
    const cost = (await form.getByTestId("split-cost").textContent()) ?? "";
    expect(cost).toContain("Costs no test answer");
    // (the e2e server raises the test limits: tests/e2e/global-setup.ts) nothing spent yet: n of n left
    expect(cost).toMatch(/ (\d+) of \1 test answers left today, (\d+) of \2 this month/);
    // what a full upload costs is said beside the picker before anyone sends one
    await form.getByLabel("Split", { exact: true }).selectOption("full");
    expect(await form.getByTestId("split-cost").textContent()).toMatch(
      /^The full benchmark holds the test instances, so this is a test upload: it spends 1 test answer/,
    );
    await form.getByLabel("Split", { exact: true }).selectOption("dev");
    await saveScreenshot(form, "web/submit-default-split-1280-light.png");

    // a valid file for the form's default benchmark and track, on the default split
    const inputs = await fetch(`${baseUrl}/api/v1/inputs/${encodeURIComponent(track!)}?benchmark=${benchmark}&split=${split}`);
    expect(inputs.status).toBe(200);
    const ids = (await inputs.text())
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => (JSON.parse(line) as { benchmark_id: string }).benchmark_id);
    const memory = { type: "direct", label: "Personal_Background/Pets", value: `Has a dog (${randomUUID().slice(0, 8)})`, confidence: 0.8 };
    await form.getByLabel(/^System name\b/).fill(`Defaults ${Date.now().toString(36)}`);
    await form.getByLabel(/^Prediction file \(/).setInputFiles({
      name: "predictions.jsonl",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(jsonl(ids.map((id) => ({ benchmark_id: id, memory_items: [memory] })))),
    });
    await page.getByRole("button", { name: "Submit for scoring" }).click();
    await page.waitForURL(/\/submissions\/[^/?#]+$/, { timeout: 60_000 });
    const id = new URL(page.url()).pathname.split("/").pop()!;

    // the session's own reads: the submission is a dev one and the test quota is whole
    const read = (path: string) => page.evaluate(async (url) => (await fetch(url)).json() as Promise<Record<string, unknown>>, path);
    expect(await read(`/api/v1/submissions/${id}`)).toMatchObject({ split: "dev" });
    const quota = (await read(`/api/v1/quota?benchmark=${benchmark}`)) as { benchmark: string; uploads: unknown; test: Record<string, unknown> };
    expect(quota).toMatchObject({ benchmark, uploads: { usedToday: 1 }, test: { usedToday: 0, usedMonth: 0, nextAllowedAt: null } });
    expect([quota.test.leftToday, quota.test.leftMonth]).toEqual([quota.test.perDay, quota.test.perMonth]);
    await page.goto(`${baseUrl}/submit`);
    const limits = page.locator("section", { has: page.getByRole("heading", { name: "Upload limits" }) });
    expect(await limits.getByTestId("test-quota").first().textContent()).toMatch(/ (\d+) of \1 test answers left today, (\d+) of \2 left this month/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
