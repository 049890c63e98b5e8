import { describe, expect, test } from "vitest";
import { checkSignInAttempt } from "./sign-in-guard";

const known = async () => true;
const unknown = async () => false;

describe("sign-in guard: e-mails per mailbox", () => {
  test("five links an hour to one address (default), whatever the client address; other addresses and GitHub unaffected", async () => {
    const email = `Flood-${Date.now()}@Example.org`;
    for (let i = 0; i < 5; i++) {
      // a different client address each time: the limit is per mailbox, not per asker
      expect(await checkSignInAttempt({ method: "email", email, ip: `10.0.0.${i}` }, known)).toEqual({ ok: true });
    }
    const refused = await checkSignInAttempt({ method: "email", email: email.toLowerCase(), ip: "10.0.0.99" }, known);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message).toMatch(/at most 5 an hour/);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await checkSignInAttempt({ method: "email", email: `other-${email}`, ip: "10.0.0.99" }, known)).toEqual({ ok: true });
    expect(await checkSignInAttempt({ method: "github", email: null, ip: "10.0.0.99" }, known)).toEqual({ ok: true });
  });

  test("+tags are one mailbox: eve+1@ … eve+6@ share the five links", async () => {
    const box = `tagged${Date.now()}`;
    for (let i = 1; i <= 5; i++)
      expect(await checkSignInAttempt({ method: "email", email: `${box}+${i}@example.org`, ip: "10.0.1.1" }, known)).toEqual({ ok: true });
    expect((await checkSignInAttempt({ method: "email", email: `${box}+6@example.org`, ip: "10.0.1.2" }, known)).ok).toBe(false);
  });
});

describe("sign-in guard: new accounts per client address", () => {
  test("ten links a day for addresses without an account (default) from one client; then refused; another client and existing accounts unaffected", async () => {
    const ip = `10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
    const fresh = (i: number) => `new${i}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    for (let i = 0; i < 10; i++) expect(await checkSignInAttempt({ method: "email", email: fresh(i), ip }, unknown)).toEqual({ ok: true });
    const refused = await checkSignInAttempt({ method: "email", email: fresh(10), ip }, unknown);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.message).toMatch(/at most 10 sign-up e-mails a day/);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    // a user who has an account still signs in from there
    expect(await checkSignInAttempt({ method: "email", email: fresh(11), ip }, known)).toEqual({ ok: true });
    expect(await checkSignInAttempt({ method: "email", email: fresh(12), ip: `${ip}1` }, unknown)).toEqual({ ok: true });
  });
});
