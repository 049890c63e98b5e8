// Tests of the same-origin check the write routes apply to session-authenticated requests (lib/http/with-user.ts,
// userUnder), on an upload request.
import { describe, expect, test } from "vitest";
import { isSameOriginRequest } from "@/lib/security/same-origin";

const request = (headers: Record<string, string>) => new Request("http://leaderboard.test/api/v1/submissions", { method: "POST", headers });

describe("isSameOriginRequest", () => {
  test.each([
    ["Sec-Fetch-Site same-origin", { "sec-fetch-site": "same-origin" }, true],
    ["Sec-Fetch-Site none (typed URL, bookmark)", { "sec-fetch-site": "none" }, true],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site", origin: "http://leaderboard.test", host: "leaderboard.test" }, false],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }, false],
    ["an Origin equal to the Host", { origin: "http://leaderboard.test", host: "leaderboard.test" }, true],
    // X-Forwarded-Host counts only behind a trusted proxy (TRUSTED_PROXY_HOPS, default 0): lib/security/same-origin.test.ts
    [
      "an Origin equal to X-Forwarded-Host, no trusted proxy configured",
      { origin: "https://alpsbench.org", host: "10.0.0.5:3000", "x-forwarded-host": "alpsbench.org" },
      false,
    ],
    ["a forged X-Forwarded-Host equal to another Origin", { origin: "https://evil.example", host: "leaderboard.test", "x-forwarded-host": "evil.example" }, false],
    ["another Origin", { origin: "https://evil.example", host: "leaderboard.test" }, false],
    ["a null Origin (sandboxed iframe)", { origin: "null", host: "leaderboard.test" }, false],
    ["no browser headers at all (curl)", {}, true],
  ])("%s", (_label, headers, expected) => {
    expect(isSameOriginRequest(request(headers))).toBe(expected);
  });
});
