import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { launchChromium, saveScreenshot } from "./browser";
import { signInBrowser } from "./sign-in";
import { demoTask1Predictions } from "./submissions-helpers";

/**
 * The web submission journey in Chromium, against the production server of tests/e2e/global-setup.ts (which runs
 * it with a worker): the sign-in prompt, the upload form with its real upload progress,
 * the live status page through to "done" with metrics, a refused file's line-numbered problems on the form, and
 * screenshots of /submit, /submissions/<id> and /queue at phone and desktop width, light and dark.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const email = `web-submit-${Date.now().toString(36)}@example.org`;
const systemName = `Web Journey ${Date.now().toString(36)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let submissionId: string | null = null;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
});

/** Fills the form: demo benchmark, Task 1, dev split, a system name and the file. */
async function fillForm(fileName: string, content: string): Promise<void> {
  const form = uploadForm();
  await form.getByLabel("Benchmark", { exact: true }).selectOption("demo");
  await form.getByLabel(/^Track\b/).selectOption("task1");
  await form.getByLabel("Split", { exact: true }).selectOption("dev");
  await form.getByLabel(/^System name\b/).fill(systemName);
  await form.getByLabel("Organisation", { exact: true }).fill("E2E Lab");
  await form.getByLabel(/^Prediction file \(/).setInputFiles({ name: fileName, mimeType: "application/x-ndjson", buffer: Buffer.from(content) });
}

function uploadForm() {
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Submit for scoring" }) });
}

describe("web submission", () => {
  test("/submit asks anonymous visitors to sign in, sends them to /signin and back; signed in, it shows the form", async () => {
    await page.goto(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Sign in to submit");
    await page.getByRole("link", { name: "Sign in to submit" }).click();
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/submit");
    await expect(page.getByLabel("E-mail address").count()).resolves.toBe(1);
    // The sign-in itself (an e-mail link) is tests/e2e/email-sign-in.test.ts; here the session is made directly.
    await signInBrowser(context, baseUrl, databaseUrl, { email });
    await page.goto(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Submit predictions");
    await expect(page.locator("main").getByText(`Signed in as ${email}`).count()).resolves.toBe(1);
    // the header knows it too
    await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor({ timeout: 10_000 });
    // at 1280x900 the form starts on the first screen, the limits beside it
    const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(await top(uploadForm().getByLabel("Benchmark", { exact: true })), "the form's first field").toBeLessThan(900);
    expect(await top(page.getByRole("heading", { name: "Upload limits" })), "the upload limits").toBeLessThan(900);
  });

  test("a valid upload shows its progress to 100%, opens the status page and reaches done with metrics", async () => {
    const content = await demoTask1Predictions(baseUrl);
    await page.goto(`${baseUrl}/submit`);
    await fillForm("demo-task1-dev.jsonl", content);
    // Every value the upload progress bar takes, recorded in the page: the client-side navigation that follows
    // keeps `window`, so it can be read on the status page.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __uploadProgress: number[] }).__uploadProgress = seen;
      const record = () => {
        for (const bar of document.querySelectorAll('form [role="progressbar"]')) {
          const now = Number(bar.getAttribute("aria-valuenow"));
          if (Number.isFinite(now) && seen[seen.length - 1] !== now) seen.push(now);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    await page.getByRole("button", { name: "Submit for scoring" }).click();
    await page.waitForURL(/\/submissions\/[^/?#]+$/, { timeout: 60_000 });
    submissionId = new URL(page.url()).pathname.split("/").pop() ?? null;
    expect(submissionId).toBeTruthy();
    const progress = await page.evaluate(() => (window as unknown as { __uploadProgress: number[] }).__uploadProgress);
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBe(100);

    await expect(page.locator("h1").textContent()).resolves.toBe(systemName);
    // Live updates: the page polls until done (the worker of the e2e setup scores the 6-instance dev split).
    await page.locator('[data-testid="submission-status"][data-status="done"]').waitFor({ timeout: 90_000 });
    const table = page.locator('[data-testid="metrics-table"]').first();
    await table.waitFor({ timeout: 15_000 });
    const tableText = (await table.textContent()) ?? "";
    expect(tableText).toContain("Task 1 · Memory extraction");
    expect(tableText).toContain("Score");
    expect(tableText).toMatch(/\[\d+\.\d+, \d+\.\d+\]/);
    const breakdown = await page.locator('a[href*="/breakdown?level=instance&format=csv"]').getAttribute("href");
    expect(breakdown).toBe(`/api/v1/submissions/${submissionId}/breakdown?level=instance&format=csv`);
    expect(pageErrors).toEqual([]);
  });

  test("a malformed file is refused on the form with line-numbered problems, and the form keeps its values", async () => {
    await page.goto(`${baseUrl}/submit`);
    const lines = [JSON.stringify({ benchmark_id: "whatever", memory_items: [] }), "this line is not JSON", JSON.stringify({ memory_items: [] }), "{broken"];
    await fillForm("broken.jsonl", `${lines.join("\n")}\n`);
    await page.getByRole("button", { name: "Submit for scoring" }).click();
    const alert = page.locator('form [role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    const text = (await alert.textContent()) ?? "";
    expect(text).toContain("Refused");
    expect(text).toMatch(/line 2/);
    expect(text).toMatch(/line 4/);
    expect(page.url()).toBe(`${baseUrl}/submit`);
    await expect(
      uploadForm()
        .getByLabel(/^System name\b/)
        .inputValue(),
    ).resolves.toBe(systemName);
    await expect(
      uploadForm()
        .getByLabel(/^Track\b/)
        .inputValue(),
    ).resolves.toBe("task1");
    await saveScreenshot(alert, "web/submit-refused-1280-light.png");
  });

  test("over the per-track limit, the form says when the next upload is allowed and not to fix the file; /submit shows the limits", async () => {
    // the journey's first upload counts; four more Task 1 uploads spend the per-track limit (5, the default)
    for (let k = 0; k < 4; k += 1) {
      const content = await demoTask1Predictions(baseUrl);
      const status = await page.evaluate(async (text) => {
        const body = new FormData();
        for (const [key, value] of Object.entries({ task: "task1", split: "dev", benchmark: "demo", model: "Limit filler" })) body.append(key, value);
        body.append("file", new File([text], "p.jsonl", { type: "application/x-ndjson" }));
        return (await fetch("/api/v1/submissions", { method: "POST", body })).status;
      }, content);
      expect(status).toBe(202);
    }
    await page.goto(`${baseUrl}/submit`);
    const limits = page.locator("section", { has: page.getByRole("heading", { name: "Upload limits" }) });
    await expect(limits.textContent()).resolves.toMatch(/A run .* counts as one upload.*You have made 5 of 20 uploads in the last 24 hours/s);
    await fillForm("over-the-limit.jsonl", await demoTask1Predictions(baseUrl));
    await page.getByRole("button", { name: "Submit for scoring" }).click();
    const alert = page.locator('form [role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    const text = (await alert.textContent()) ?? "";
    expect(text).toMatch(/Limit reached: 5 of your uploads in the last 24 hours include task1/);
    expect(text).toMatch(/The next one is allowed from \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toMatch(/Submit it again from \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).not.toMatch(/fix the file/i);
    await saveScreenshot(alert, "web/submit-limit-1280-light.png");
  });

  test("/submit, the finished submission and /queue do not scroll sideways at 1280 and 390 px, light and dark (screenshots with E2E_SCREENSHOTS=1)", async () => {
    expect(submissionId).toBeTruthy();
    const storageState = await context.storageState();
    const pages = { submit: "/submit", submission: `/submissions/${submissionId}`, queue: "/queue" };
    // one page, resized and switched between themes (a new page costs Chromium about 0.8 CPU-s more than a navigation)
    const shotContext = await browser.newContext({ storageState });
    const shot = await shotContext.newPage();
    for (const width of [1280, 390]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await shot.setViewportSize({ width, height: 900 });
        await shot.emulateMedia({ colorScheme });
        for (const [name, route] of Object.entries(pages)) {
          const response = await shot.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
          expect(response?.status()).toBe(200);
          // Nothing may be wider than the viewport (phone width especially).
          const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${route} at ${width}px overflows horizontally`).toBeLessThanOrEqual(0);
          await saveScreenshot(shot, `web/${name}-${width}-${colorScheme}.png`, { fullPage: true });
        }
      }
    }
    await shotContext.close();
  });
});
