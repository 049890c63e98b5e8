import type { BrowserContext } from "playwright-core";
import { e2eDb } from "./submissions-helpers";

/**
 * Signing in as a given user in end-to-end tests, whatever the site's sign-in methods are.
 * Every test that needs a signed-in visitor goes through these two functions, so a change of the session
 * mechanism changes this file only.
 */
export type TestUser = { email: string; role?: "user" | "admin" };

/** Creates the user (or sets its role) directly in the e2e database; roles are never set through a request. */
async function ensureUser(databaseUrl: string, user: TestUser): Promise<string> {
  const db = e2eDb(databaseUrl);
  try {
    const row = await db.user.upsert({
      where: { email: user.email },
      create: { email: user.email, role: user.role ?? "user" },
      update: { role: user.role ?? "user" },
      select: { id: true },
    });
    return row.id;
  } finally {
    await db.$disconnect();
  }
}

function cookiePairs(setCookies: string[]): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of setCookies) {
    const pair = line.split(";", 1)[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

/** A `Cookie` header value that makes fetch() requests as this user. */
export async function sessionCookieHeader(baseUrl: string, databaseUrl: string, user: TestUser): Promise<{ cookie: string; userId: string }> {
  const userId = await ensureUser(databaseUrl, user);
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const jar = cookiePairs(csrf.headers.getSetCookie());
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const callback = await fetch(`${baseUrl}/api/auth/callback/dev-signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader() },
    body: new URLSearchParams({ email: user.email, csrfToken, callbackUrl: `${baseUrl}/` }),
  });
  for (const [name, value] of cookiePairs(callback.headers.getSetCookie())) jar.set(name, value);
  const session = [...jar].find(([name]) => name.endsWith("authjs.session-token"));
  if (!session) throw new Error(`signing in ${user.email} gave no session cookie (HTTP ${callback.status})`);
  return { cookie: `${session[0]}=${session[1]}`, userId };
}

/** Signs a Playwright browser context in as this user (adds the session cookie). */
export async function signInBrowser(context: BrowserContext, baseUrl: string, databaseUrl: string, user: TestUser): Promise<{ userId: string }> {
  const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, user);
  const eq = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  return { userId };
}
