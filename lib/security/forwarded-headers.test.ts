import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, test } from "vitest";
import { isValidHost, sanitizeForwardedHeaders } from "./forwarded-headers";

describe("forwarded host and protocol headers", () => {
  test("without a trusted proxy they are dropped, whatever they say", () => {
    const headers: IncomingHttpHeaders = { host: "127.0.0.1:3000", "x-forwarded-host": "a:99999", "x-forwarded-proto": "1", forwarded: "host=evil" };
    expect(sanitizeForwardedHeaders(headers, 0)).toBe(true);
    expect(headers).toEqual({ host: "127.0.0.1:3000" });
  });

  test("behind a trusted proxy the last entry is kept when valid, dropped otherwise", () => {
    const good: IncomingHttpHeaders = { host: "10.0.0.2:3000", "x-forwarded-host": "evil.example, leaderboard.example.org", "x-forwarded-proto": "http, https" };
    sanitizeForwardedHeaders(good, 1);
    expect(good["x-forwarded-host"]).toBe("leaderboard.example.org");
    expect(good["x-forwarded-proto"]).toBe("https");
    const bad: IncomingHttpHeaders = { host: "10.0.0.2:3000", "x-forwarded-host": "a b", "x-forwarded-proto": "javascript" };
    sanitizeForwardedHeaders(bad, 1);
    expect(bad["x-forwarded-host"]).toBeUndefined();
    expect(bad["x-forwarded-proto"]).toBeUndefined();
  });

  test("a Host header no URL can be built from is reported", () => {
    expect(sanitizeForwardedHeaders({ host: "[" }, 0)).toBe(false);
    expect(sanitizeForwardedHeaders({ host: "a:99999" }, 0)).toBe(false);
    expect(isValidHost("localhost:3000")).toBe(true);
    expect(isValidHost("[::1]:3000")).toBe(true);
    expect(isValidHost("a@b")).toBe(false);
  });
});
