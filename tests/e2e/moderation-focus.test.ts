import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { launchChromium } from "./browser";
import { demoTask1Ids, makeActors, removeUploads, uploadScored, type Actor, type Role } from "./security-fixtures";
import { e2eDb } from "./submissions-helpers";

/**
 * An admin moderating from the keyboard: after "Flag" turns into "Remove flag" (the page refreshes with the new
 * state), focus is still on that button, not dropped to the page body, so a keyboard or screen-reader user keeps
 * their place.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

let browser: Browser;
let db: Db;
let actors: Record<Role, Actor>;
let submissionId = "";

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  actors = await makeActors(baseUrl, databaseUrl, db, "focus");
  submissionId = await uploadScored(baseUrl, actors.user.token!, { model: "Moderation focus system" }, await demoTask1Ids(db), "focus test");
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (db && submissionId) await removeUploads(db, [submissionId]);
  await db?.$disconnect();
});

describe("moderation buttons keep keyboard focus", () => {
  test("Flag, pressed with the keyboard, becomes Remove flag and keeps the focus", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = actors.admin.cookie!.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/submissions/${submissionId}`, { waitUntil: "load" });
    await page.getByLabel(/^Reason/).fill("focus test");
    await page.getByRole("button", { name: "Flag", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Remove flag" }).waitFor();
    await page.getByText("Done: flag.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent ?? null)).toBe("Remove flag");
    await context.close();
  }, 120_000);
});
