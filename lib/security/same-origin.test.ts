import { describe, expect, test } from "vitest";
import { isSameOriginRequest, publicHostOf, publicProtocolOf } from "./same-origin";

const request = (headers: Record<string, string>) => new Request("http://leaderboard.test/api/v1/submissions", { method: "PATCH", headers });

/**
 * X-Forwarded-Host is a header any client can send: trusted only when TRUSTED_PROXY_HOPS says a proxy in front
 * of the server sets it; otherwise a client could name any origin as its own.
 */
describe("isSameOriginRequest and X-Forwarded-Host", () => {
  const forged = { origin: "https://evil.example", host: "leaderboard.test", "x-forwarded-host": "evil.example" };

  test("without a trusted proxy (the default), a forged X-Forwarded-Host equal to the attacker's Origin is refused", () => {
    expect(isSameOriginRequest(request(forged))).toBe(false);
    expect(isSameOriginRequest(request(forged), { trustedProxyHops: 0 })).toBe(false);
  });

  test("without a trusted proxy, the Host decides even when X-Forwarded-Host names another host", () => {
    expect(
      isSameOriginRequest(request({ origin: "http://leaderboard.test", host: "leaderboard.test", "x-forwarded-host": "other.example" }), { trustedProxyHops: 0 }),
    ).toBe(true);
  });

  test("behind a trusted proxy (TRUSTED_PROXY_HOPS >= 1), the host the proxy forwarded is the site's", () => {
    const proxied = { origin: "https://alpsbench.org", host: "10.0.0.5:3000", "x-forwarded-host": "alpsbench.org" };
    expect(isSameOriginRequest(request(proxied), { trustedProxyHops: 1 })).toBe(true);
    expect(isSameOriginRequest(request(proxied), { trustedProxyHops: 0 })).toBe(false);
    // a client-sent value in front of the proxy's own is not believed: the proxy's (last) entry counts
    expect(isSameOriginRequest(request({ ...proxied, "x-forwarded-host": "evil.example, alpsbench.org" }), { trustedProxyHops: 1 })).toBe(true);
    expect(isSameOriginRequest(request({ ...proxied, origin: "https://evil.example" }), { trustedProxyHops: 1 })).toBe(false);
  });
});

describe("publicHostOf / publicProtocolOf (the sign-in routes' public origin when AUTH_URL is unset)", () => {
  const headers = new Headers({ host: "leaderboard.test", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
  test("without a trusted proxy: the Host header and the request's own protocol", () => {
    expect(publicHostOf(headers, { trustedProxyHops: 0 })).toBe("leaderboard.test");
    expect(publicProtocolOf(headers, "http:", { trustedProxyHops: 0 })).toBe("http");
  });
  test("behind a trusted proxy: what it forwarded (its own, last, entry)", () => {
    expect(publicHostOf(new Headers({ host: "10.0.0.5", "x-forwarded-host": "a.example, alpsbench.org" }), { trustedProxyHops: 1 })).toBe("alpsbench.org");
    expect(publicProtocolOf(headers, "http:", { trustedProxyHops: 1 })).toBe("https");
  });
});
