import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { hashApiToken } from "@/lib/auth/api-token";
import { launchChromium, saveScreenshot } from "./browser";
import { signInBrowser } from "./sign-in";
import { demoTask1Predictions, e2eDb, uploadMultipart } from "./submissions-helpers";

/**
 * The account page in Chromium: API tokens (create with a name and scopes, shown once, listed with last use,
 * revoked) used for real against the API, and the user's own submissions, private ones included.
 * Also: no sideways scrolling of /account and /signin at 1440 and 390 px, light and dark (screenshots with E2E_SCREENSHOTS=1).
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const run = Date.now().toString(36);
const email = `account-${run}@example.org`;
const systemName = `Account Journey ${run}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let token = "";
let submissionId = "";

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await browser?.close();
});

function tokenRow(name: string) {
  return page.locator("tr").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

describe("account page", () => {
  test("visitors are sent to sign in and back", async () => {
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`${baseUrl}/account`);
    await visitor.waitForURL(/\/signin\?/);
    expect(new URL(visitor.url()).searchParams.get("callbackUrl")).toBe("/account");
    await anonymous.close();
  });

  test("the token form refuses a missing name and no scope, saying which", async () => {
    await signInBrowser(context, baseUrl, databaseUrl, { email });
    await page.goto(`${baseUrl}/account`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Your account");
    await expect(page.getByText("You have no API tokens yet.").count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByText("Give the token a name, e.g. the machine or script that uses it.").waitFor();
    await expect(page.getByLabel("Token name").getAttribute("aria-invalid")).resolves.toBe("true");

    await page.getByLabel("Token name").fill("no scopes");
    for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByText("Choose at least one scope.").waitFor();
    await expect(page.getByLabel("Token name").inputValue()).resolves.toBe("no scopes");
    await expect(page.getByText("You have no API tokens yet.").count()).resolves.toBe(1);
  });

  test("a new token is shown once, stored only as a hash, and listed as never used", async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByLabel("Token name").fill("e2e laptop");
    await page.getByRole("checkbox", { name: /^submit/ }).check();
    await page.getByRole("checkbox", { name: /^read/ }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByLabel("New API token");
    await shown.waitFor();
    token = await shown.inputValue();
    expect(token).toMatch(/^abk_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText("Copy it now: it is not shown again.").count()).resolves.toBe(1);

    const db = e2eDb(databaseUrl);
    try {
      const row = await db.apiToken.findFirstOrThrow({ where: { user: { email }, name: "e2e laptop" }, omit: { tokenHash: false } });
      expect(row.tokenHash).toBe(hashApiToken(token));
      expect(row.scopes.sort()).toEqual(["read", "submit"]);
      expect(row.lastUsedAt).toBeNull();
    } finally {
      await db.$disconnect();
    }

    await page.reload();
    await expect(page.content()).resolves.not.toContain(token);
    const row = tokenRow("e2e laptop");
    await expect(row.count()).resolves.toBe(1);
    await expect(row.locator("td").nth(0).textContent()).resolves.toBe(`${token.slice(0, 12)}…`);
    await expect(row.locator("td").nth(1).textContent()).resolves.toBe("submit, read");
    await expect(row.locator("td").nth(3).textContent()).resolves.toBe("never");
  });

  test("the token works against the API, its last use shows, and the upload is listed under the user's submissions", async () => {
    const upload = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", model: systemName, benchmark: "demo", split: "dev", visibility: "private" },
      file: await demoTask1Predictions(baseUrl),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    submissionId = upload.body.id ?? "";
    expect(submissionId).not.toBe("");
    const read = await fetch(`${baseUrl}/api/v1/submissions/${submissionId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    // private: without the token it does not exist
    expect((await fetch(`${baseUrl}/api/v1/submissions/${submissionId}`)).status).toBe(404);

    await page.reload();
    const lastUsed = await tokenRow("e2e laptop").locator("td").nth(3).textContent();
    expect(lastUsed).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    const minutesAgo = (Date.now() - Date.parse(`${lastUsed!.replace(" UTC", "").replace(" ", "T")}:00Z`)) / 60_000;
    expect(minutesAgo).toBeGreaterThanOrEqual(0);
    expect(minutesAgo).toBeLessThan(3);

    const submissions = page.locator("section#submissions");
    const link = submissions.getByRole("link", { name: systemName });
    await expect(link.getAttribute("href")).resolves.toBe(`/submissions/${submissionId}`);
    await expect(
      submissions
        .locator("tr")
        .filter({ has: page.getByRole("link", { name: systemName }) })
        .textContent(),
    ).resolves.toContain("private");
    await link.click();
    await page.waitForURL(`${baseUrl}/submissions/${submissionId}`);
  });

  test("revoking the token on the page makes the API answer 401 with it", async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByRole("button", { name: "Revoke token e2e laptop" }).click();
    await tokenRow("e2e laptop")
      .getByText(/^revoked /)
      .waitFor();
    await expect(page.getByRole("button", { name: "Revoke token e2e laptop" }).count()).resolves.toBe(0);
    const answer = await fetch(`${baseUrl}/api/v1/submissions/${submissionId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(401);
    const body = (await answer.json()) as { error?: { code?: string } };
    expect(body.error?.code).toBe("unauthorized");
  });

  test("/account and /signin do not scroll sideways at 1440 and 390 px, light and dark (screenshots with E2E_SCREENSHOTS=1)", async () => {
    const storageState = await context.storageState();
    for (const width of [1440, 390]) {
      for (const colorScheme of ["light", "dark"] as const) {
        for (const [name, signedIn] of [
          ["account", true],
          ["signin", false],
        ] as const) {
          const shotContext = await browser.newContext({ storageState: signedIn ? storageState : undefined, viewport: { width, height: 900 }, colorScheme });
          const shot = await shotContext.newPage();
          shot.on("pageerror", (error) => pageErrors.push(error.message));
          await shot.goto(`${baseUrl}/${name}`);
          await shot
            .getByRole(signedIn ? "button" : "link", { name: signedIn ? `Account menu for ${email}` : "Sign in" })
            .first()
            .waitFor();
          await saveScreenshot(shot, `auth/${name}-${width}-${colorScheme}.png`, { fullPage: true });
          // no horizontal scrolling of the page itself at phone width; on failure, name the elements that stick out
          const overflow = await shot.evaluate(() => {
            const limit = document.documentElement.clientWidth;
            const culprits = [...document.body.querySelectorAll("*")]
              .filter((el) => el.getBoundingClientRect().right > limit + 1)
              .slice(0, 5)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} (${Math.round(el.getBoundingClientRect().right)}px)`);
            return { by: document.documentElement.scrollWidth - limit, culprits };
          });
          expect(overflow.by, `${name} at ${width}px scrolls sideways: ${overflow.culprits.join(" | ")}`).toBeLessThanOrEqual(0);
          await shotContext.close();
        }
      }
    }
  });

  test("no page errors in the browser", () => {
    expect(pageErrors).toEqual([]);
  });
});
