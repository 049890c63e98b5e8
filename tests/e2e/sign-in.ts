import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "@/lib/auth/session-cookie";
import { e2eDb } from "./submissions-helpers";

/**
 * Signing in as a given user in end-to-end tests, whatever the site's sign-in methods are.
 * Every test that needs a signed-in visitor goes through these two functions, so a change of the session
 * mechanism changes this file only.
 *
 * Sessions are database sessions (Auth.js Prisma adapter): the helper writes the User and a Session row into
 * the e2e database itself and hands out the cookie that names it, exactly what a completed sign-in leaves
 * behind. The production build under test has no sign-in shortcut; tests/e2e/email-sign-in.test.ts covers
 * the real sign-in flow.
 */
type TestUser = { email: string; role?: "user" | "admin" };

/** Creates the user (or sets its role) and a fresh session for it, directly in the e2e database. */
async function createSession(databaseUrl: string, user: TestUser): Promise<{ userId: string; sessionToken: string; expires: Date }> {
  const db = e2eDb(databaseUrl);
  try {
    const row = await db.user.upsert({
      where: { email: user.email },
      create: { email: user.email, role: user.role ?? "user", emailVerified: new Date() },
      update: { role: user.role ?? "user" },
      select: { id: true },
    });
    const sessionToken = randomBytes(32).toString("base64url");
    const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    await db.session.create({ data: { sessionToken, userId: row.id, expires } });
    return { userId: row.id, sessionToken, expires };
  } finally {
    await db.$disconnect();
  }
}

const cookieNameFor = (baseUrl: string) => sessionCookieName(new URL(baseUrl).protocol === "https:");

/** A `Cookie` header value that makes fetch() requests as this user. */
export async function sessionCookieHeader(baseUrl: string, databaseUrl: string, user: TestUser): Promise<{ cookie: string; userId: string }> {
  const { userId, sessionToken } = await createSession(databaseUrl, user);
  return { cookie: `${cookieNameFor(baseUrl)}=${sessionToken}`, userId };
}

/** Signs a Playwright browser context in as this user (adds the session cookie). */
export async function signInBrowser(context: BrowserContext, baseUrl: string, databaseUrl: string, user: TestUser): Promise<{ userId: string }> {
  const { userId, sessionToken, expires } = await createSession(databaseUrl, user);
  await context.addCookies([
    {
      name: cookieNameFor(baseUrl),
      value: sessionToken,
      url: baseUrl,
      httpOnly: true,
      sameSite: "Lax",
      secure: new URL(baseUrl).protocol === "https:",
      expires: Math.floor(expires.getTime() / 1000),
    },
  ]);
  return { userId };
}
