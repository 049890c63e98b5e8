import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { issueLocalSignInLink, LOCAL_LINK_TTL_MS, redeemLocalSignInToken } from "@/lib/auth/local-sign-in";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

describe("local sign-in links (a fresh server without mail or OAuth)", () => {
  test("a link signs its address in once: the user is created, a session row is written, a second use fails", async () => {
    const email = `local-${Date.now()}@example.org`;
    const link = await issueLocalSignInLink(db, { email, origin: "http://127.0.0.1:3000", callbackPath: "/submit" });
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/signin\/local\?token=[A-Za-z0-9_-]{43}$/);
    // only the token's hash is stored
    const stored = await db.verificationToken.findMany({ where: { identifier: `local-sign-in:${email}` } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token).not.toBe(tokenOf(link.url));

    const first = await redeemLocalSignInToken(db, tokenOf(link.url));
    expect(first).not.toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(first!.userId).toBe(user.id);
    expect(await db.session.count({ where: { sessionToken: first!.sessionToken, userId: user.id } })).toBe(1);

    expect(await redeemLocalSignInToken(db, tokenOf(link.url))).toBeNull();
  });

  test("two racing uses of one link: exactly one signs in", async () => {
    const link = await issueLocalSignInLink(db, { email: `race-${Date.now()}@example.org`, origin: "http://localhost:3000", callbackPath: "/account" });
    expect(new URL(link.url).searchParams.get("callbackUrl")).toBe("/account");
    const results = await Promise.all([1, 2, 3].map(() => redeemLocalSignInToken(db, tokenOf(link.url))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  test("an expired link signs nobody in, and is cleared", async () => {
    const email = `expired-${Date.now()}@example.org`;
    const issuedAt = new Date(Date.now() - LOCAL_LINK_TTL_MS - 1000);
    const link = await issueLocalSignInLink(db, { email, origin: "http://127.0.0.1:3000", callbackPath: "/submit" }, issuedAt);
    expect(await redeemLocalSignInToken(db, tokenOf(link.url))).toBeNull();
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.verificationToken.count({ where: { identifier: `local-sign-in:${email}` } })).toBe(0);
  });

  test("unknown or malformed tokens, and Auth.js's own e-mail tokens, are refused", async () => {
    expect(await redeemLocalSignInToken(db, "x".repeat(43))).toBeNull();
    expect(await redeemLocalSignInToken(db, "")).toBeNull();
    const raw = "a".repeat(43);
    // an e-mail magic link's row (identifier = the address): never a local sign-in
    const { createHash } = await import("node:crypto");
    await db.verificationToken.create({
      data: { identifier: "mail@example.org", token: createHash("sha256").update(raw).digest("hex"), expires: new Date(Date.now() + 60_000) },
    });
    expect(await redeemLocalSignInToken(db, raw)).toBeNull();
  });
});
