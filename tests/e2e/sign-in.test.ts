import { describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb, runCli } from "./submissions-helpers";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

type SessionBody = { user?: { id?: string; email?: string; role?: string } } | null;
const sessionOf = async (cookie?: string): Promise<SessionBody> =>
  (await (await fetch(`${baseUrl}/api/auth/session`, { headers: cookie ? { cookie } : {} })).json()) as SessionBody;

describe("test sign-in helper and database sessions", () => {
  test("the cookie it returns is a session of that user on the real server", async () => {
    const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, { email: "sign-in-helper@example.org" });
    expect((await sessionOf(cookie))?.user?.id).toBe(userId);
    expect((await sessionOf())?.user).toBeUndefined();
    // a made-up session token is nobody
    expect((await sessionOf("authjs.session-token=not-a-session"))?.user).toBeUndefined();
  });

  test("the role comes from the database on every request: `role set` takes effect on a live session", async () => {
    const email = `role-live-${Date.now().toString(36)}@example.org`;
    const { cookie } = await sessionCookieHeader(baseUrl, databaseUrl, { email });
    expect((await sessionOf(cookie))?.user?.role).toBe("user");
    const promoted = await runCli(["role", "set", "--email", email, "--role", "admin"], databaseUrl);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect((await sessionOf(cookie))?.user?.role).toBe("admin");
    const listed = await runCli(["role", "list"], databaseUrl);
    expect(listed.stdout).toContain(email);
    await runCli(["role", "set", "--email", email, "--role", "user"], databaseUrl);
    expect((await sessionOf(cookie))?.user?.role).toBe("user");
  });

  test("an expired or deleted session row signs the cookie out", async () => {
    const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, { email: `expiry-${Date.now().toString(36)}@example.org` });
    expect((await sessionOf(cookie))?.user?.id).toBe(userId);
    const db = e2eDb(databaseUrl);
    try {
      await db.session.updateMany({ where: { userId }, data: { expires: new Date(Date.now() - 1000) } });
      expect((await sessionOf(cookie))?.user).toBeUndefined();
    } finally {
      await db.$disconnect();
    }
  });
});
