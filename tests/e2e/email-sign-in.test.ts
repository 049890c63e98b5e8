import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { launchChromium } from "./browser";
import { readMailbox, waitForMail } from "./mailbox";
import { e2eDb } from "./submissions-helpers";

/**
 * Signing in with an e-mail magic link, for real: the production server (global-setup.ts) sends the e-mail over
 * SMTP to a local SMTP server, the test reads the link from the received message and opens it in Chromium.
 * Also: a reused, a tampered and an expired link end on a clear error page; a bad address is refused on the
 * form; signing out ends the database session; the production build has no development sign-in.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const mailboxFile = inject("mailboxFile");
const run = Date.now().toString(36);

let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

/** Requests a sign-in link on /signin for `email` and returns the link from the e-mail that arrives. */
async function requestLink(page: Page, email: string, path = "/signin"): Promise<string> {
  const since = new Date(Date.now() - 1000);
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.waitForURL(`${baseUrl}/signin/check-email**`);
  await expect(page.locator("h1").textContent()).resolves.toBe("Check your e-mail");
  const mail = await waitForMail(mailboxFile, email, since);
  expect(mail.subject).toBe(`Sign in to ${new URL(baseUrl).host}`);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links, mail.text).toHaveLength(1);
  const link = links[0]!;
  expect(link.startsWith(`${baseUrl}/api/auth/callback/nodemailer?`)).toBe(true);
  // the HTML part carries the same link (escaped as HTML)
  expect(mail.html.replaceAll("&amp;", "&")).toContain(link);
  return link;
}

/** The error page on this very origin (a redirect to another host would sign the browser in on the wrong cookie jar). */
const onErrorPage = (url: URL) => url.href === `${baseUrl}/signin/error?error=Verification`;

async function sessionOf(page: Page): Promise<{ user?: { email?: string; role?: string } } | null> {
  return page.evaluate(async () => (await fetch("/api/auth/session")).json());
}

describe("e-mail sign-in (magic link over SMTP)", () => {
  const email = `magic-${run}@example.org`;

  test("the production build offers the e-mail form and no development sign-in", async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/signin`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Sign in");
    await expect(page.getByLabel("E-mail address").count()).resolves.toBe(1);
    await expect(page.getByText("Development sign-in").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /development/i }).count()).resolves.toBe(0);
    // no GitHub app is configured for the test server, so no GitHub button either
    await expect(page.getByRole("button", { name: /GitHub/ }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Sign in", exact: true }).waitFor();
  });

  test("a bad address is refused on the form, with the reason, and no e-mail is sent", async () => {
    const page = await newPage();
    const before = readMailbox(mailboxFile).length;
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel("E-mail address").fill("not-an-address");
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.getByText("Enter a valid e-mail address, like you@example.org.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    await expect(page.getByLabel("E-mail address").getAttribute("aria-invalid")).resolves.toBe("true");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readMailbox(mailboxFile).length).toBe(before);
  });

  test("the link from the e-mail signs the browser in: the header shows the account, the session is in the database", async () => {
    const page = await newPage();
    const link = await requestLink(page, email, "/signin?callbackUrl=%2Fsubmit");
    // before the link is opened: not signed in, one pending (hashed) verification token for the address
    await expect(sessionOf(page)).resolves.toBeNull();
    const db = e2eDb(databaseUrl);
    try {
      const pending = await db.verificationToken.findMany({ where: { identifier: email } });
      expect(pending).toHaveLength(1);
      expect(link).not.toContain(pending[0]!.token); // stored hashed, never the token of the link
    } finally {
      await db.$disconnect();
    }

    await page.goto(link);
    await page.waitForURL(`${baseUrl}/submit`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Submit predictions");
    await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor({ timeout: 10_000 });
    await expect(sessionOf(page)).resolves.toMatchObject({ user: { email, role: "user" } });

    const check = e2eDb(databaseUrl);
    try {
      const user = await check.user.findUniqueOrThrow({ where: { email }, include: { sessions: true } });
      expect(user.emailVerified).not.toBeNull();
      expect(user.role).toBe("user");
      expect(user.sessions).toHaveLength(1);
      const cookies = await page.context().cookies(baseUrl);
      const sessionCookie = cookies.find((c) => c.name === "authjs.session-token");
      expect(sessionCookie?.value).toBe(user.sessions[0]!.sessionToken);
      expect(sessionCookie?.httpOnly).toBe(true);
      // the link is single-use: its token is gone
      await expect(check.verificationToken.count({ where: { identifier: email } })).resolves.toBe(0);
    } finally {
      await check.$disconnect();
    }

    // opening the same link again (another browser) is refused with a clear page
    const other = await newPage();
    await other.goto(link);
    await other.waitForURL(onErrorPage);
    await expect(other.locator("h1").textContent()).resolves.toBe("This sign-in link has expired or was already used");
    await expect(other.locator("main").getByRole("alert").textContent()).resolves.toContain("Sign-in links work once and for 24 hours");
    await expect(sessionOf(other)).resolves.toBeNull();

    // signing out from the header menu ends the database session
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("link", { name: "Sign in", exact: true }).waitFor({ timeout: 10_000 });
    await expect(sessionOf(page)).resolves.toBeNull();
    const after = e2eDb(databaseUrl);
    try {
      await expect(after.session.count({ where: { user: { email } } })).resolves.toBe(0);
    } finally {
      await after.$disconnect();
    }
  });

  test("a tampered link and an expired link end on the error page, signed out", async () => {
    const address = `expired-${run}@example.org`;
    const page = await newPage();
    const link = await requestLink(page, address);

    const tampered = new URL(link);
    const token = tampered.searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(16);
    tampered.searchParams.set("token", `${token.slice(0, -4)}${token.slice(-4) === "aaaa" ? "bbbb" : "aaaa"}`);
    await page.goto(tampered.href);
    await page.waitForURL(onErrorPage);
    await expect(page.locator("h1").textContent()).resolves.toBe("This sign-in link has expired or was already used");
    await expect(sessionOf(page)).resolves.toBeNull();

    // the genuine link, after its expiry
    const db = e2eDb(databaseUrl);
    try {
      const { count } = await db.verificationToken.updateMany({ where: { identifier: address }, data: { expires: new Date(Date.now() - 60_000) } });
      expect(count).toBe(1);
    } finally {
      await db.$disconnect();
    }
    await page.goto(link);
    await page.waitForURL(onErrorPage);
    await expect(page.getByRole("link", { name: "Back to sign-in" }).count()).resolves.toBe(1);
    await expect(sessionOf(page)).resolves.toBeNull();
    const check = e2eDb(databaseUrl);
    try {
      await expect(check.session.count({ where: { user: { email: address } } })).resolves.toBe(0);
    } finally {
      await check.$disconnect();
    }
  });

  test("no page errors in the browser", () => {
    expect(pageErrors).toEqual([]);
  });
});
