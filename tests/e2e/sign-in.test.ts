import { describe, expect, inject, test } from "vitest";
import { sessionCookieHeader } from "./sign-in";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

describe("test sign-in helper", () => {
  test("the cookie it returns is a session of that user on the real server", async () => {
    const { cookie, userId } = await sessionCookieHeader(baseUrl, databaseUrl, { email: "sign-in-helper@example.org" });
    const session = (await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).json()) as { user?: { id?: string } } | null;
    expect(session?.user?.id).toBe(userId);
    const anonymous = (await (await fetch(`${baseUrl}/api/auth/session`)).json()) as { user?: unknown } | null;
    expect(anonymous?.user).toBeUndefined();
  });
});
