import { describe, expect, test } from "vitest";
import { checkSignInAttempt } from "./sign-in-guard";

describe("sign-in guard: e-mails per address", () => {
  test("five links an hour to one address (default), whatever the client address; other addresses and GitHub unaffected", async () => {
    const email = `Flood-${Date.now()}@Example.org`;
    for (let i = 0; i < 5; i++) {
      // a different client address each time: the limit is per mailbox, not per asker
      expect(await checkSignInAttempt({ method: "email", email, ip: `10.0.0.${i}` })).toEqual({ ok: true });
    }
    const refused = await checkSignInAttempt({ method: "email", email: email.toLowerCase(), ip: "10.0.0.99" });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message).toMatch(/at most 5 an hour/);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await checkSignInAttempt({ method: "email", email: `other-${email}`, ip: "10.0.0.99" })).toEqual({ ok: true });
    expect(await checkSignInAttempt({ method: "github", email: null, ip: "10.0.0.99" })).toEqual({ ok: true });
  });
});
