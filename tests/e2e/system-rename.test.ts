import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { launchChromium } from "./browser";
import { signInBrowser } from "./sign-in";
import { demoTask1Predictions, e2eDb, uploadMultipart } from "./submissions-helpers";

/**
 * Issue 36 item 5 in Chromium: the owner renames an uploaded system and makes it a memory system from the account
 * page's "Your systems"; the system page, at the same address, shows the new name and kind and the history of both.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const run = Date.now().toString(36);
const OLD = `Form Default ${run}`;
const NEW = `Memory Renamed ${run}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
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

describe("renaming a system from the account page", () => {
  test("the name and kind change, the address stays, and the system page lists the history", async () => {
    const { userId } = await signInBrowser(context, baseUrl, databaseUrl, { email: `rename-${run}@example.org` });
    const db = e2eDb(databaseUrl);
    const token = (await createApiToken(db, userId, { name: "rename e2e", scopes: ["submit", "read"] })).token;
    const upload = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", model: OLD, benchmark: "demo", split: "dev" },
      file: await demoTask1Predictions(baseUrl),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    const { slug } = await db.system.findFirstOrThrow({ where: { ownerId: userId, name: OLD }, select: { slug: true } });
    await db.$disconnect();

    await page.goto(`${baseUrl}/account#systems`);
    const form = page.locator(`form[data-slug="${slug}"]`);
    await expect(form.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe(OLD);
    await expect(form.getByLabel("Kind").inputValue()).resolves.toBe("general_llm");
    await form.getByLabel("Name", { exact: true }).fill(NEW);
    await form.getByLabel("Kind").selectOption("memory_system");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Saved: name and kind changed.").waitFor();

    await page.goto(`${baseUrl}/systems/${slug}`);
    await expect(page.locator("h1").textContent()).resolves.toBe(NEW);
    const history = page.getByTestId("system-history");
    await expect(history.textContent()).resolves.toContain(`renamed: "${OLD}" → "${NEW}"`);
    await expect(history.textContent()).resolves.toContain("kind changed: LLM → memory system");
    expect(pageErrors).toEqual([]);
  });
});
