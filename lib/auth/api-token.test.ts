import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { bearerTokenOf, generateApiToken, hashApiToken, isWellFormedApiToken } from "./api-token";

describe("API tokens", () => {
  test("a new token is abk_ + 32 random bytes in base64url, hashed with sha256, with a short display prefix", () => {
    const { token, hash, prefix } = generateApiToken();
    expect(token).toMatch(/^abk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), "base64url")).toHaveLength(32);
    expect(hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hash).toBe(hashApiToken(token));
    expect(token.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(12);
  });

  test("tokens do not repeat and their hashes never contain the token", () => {
    const tokens = Array.from({ length: 200 }, () => generateApiToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(200);
    for (const t of tokens) expect(t.hash).not.toContain(t.token.slice(4, 16));
  });

  const good = generateApiToken().token;
  test.each([
    ["Bearer <token>", `Bearer ${good}`, good],
    ["lower-case scheme", `bearer ${good}`, good],
    ["surrounding spaces", `  Bearer   ${good}  `, good],
    ["no header", null, null],
    ["empty header", "", null],
    ["Basic scheme", `Basic ${good}`, null],
    ["token without scheme", good, null],
    ["wrong prefix", `Bearer xyz_${good.slice(4)}`, null],
    ["truncated token", `Bearer ${good.slice(0, -1)}`, null],
    ["token with trailing garbage", `Bearer ${good} extra`, null],
  ])("bearerTokenOf: %s", (_label, header, expected) => {
    expect(bearerTokenOf(header)).toBe(expected);
  });

  test("isWellFormedApiToken rejects characters outside base64url", () => {
    expect(isWellFormedApiToken(`abk_${"a".repeat(42)}+`)).toBe(false);
    expect(isWellFormedApiToken(`abk_${"a".repeat(43)}`)).toBe(true);
  });
});

describe("token names (the web form and `alpsbench token create` alike)", () => {
  test("createApiToken refuses a bidi override, a control character or nothing visible before it stores anything", async () => {
    const { createApiToken } = await import("./api-token");
    // any use of the database fails the test: the name is checked first
    const db = new Proxy({}, { get: () => expect.unreachable("the database was used") }) as unknown as Parameters<typeof createApiToken>[0];
    for (const [name, message] of [
      ["a\u202eb", /the token name contains the bidirectional control character U\+202E/],
      ["a\u0001", /control character U\+0001/],
      ["\u200b", /the token name has no visible character/],
    ] as const) {
      await expect(createApiToken(db, "user", { name, scopes: ["read"] }), JSON.stringify(name)).rejects.toThrow(message);
    }
  });
});
