import { describe, expect, test } from "vitest";
import { isCacheable } from "./anonymous-page-cache";

const request = (pathname: string, search = "", headers: Record<string, string> = {}) => ({ method: "GET", pathname, search, headers: new Headers(headers) });

describe("which requests the anonymous page cache answers", () => {
  test("every benchmark's boards, system pages, comparisons and the static pages", () => {
    for (const path of [
      "/",
      "/tasks/task1",
      "/benchmarks/personalllm",
      "/benchmarks/personalllm/logged",
      "/systems/gpt-5-2",
      "/compare",
      "/about",
      "/api-docs",
      "/releases",
      "/releases/abc123",
    ]) {
      expect(isCacheable(request(path)), path).toBe(true);
    }
    expect(isCacheable(request("/compare", "?a=x&b=y"))).toBe(true);
  });

  test("never pages with progress or per-user content, nor signed-in visitors", () => {
    for (const path of ["/queue", "/submissions/abc", "/runs/abc", "/signin", "/submit", "/account", "/admin", "/audit", "/systems/a/b", "/benchmarks/a/b/c"]) {
      expect(isCacheable(request(path)), path).toBe(false);
    }
    expect(isCacheable(request("/systems/gpt-5-2", "", { cookie: "authjs.session-token=x" }))).toBe(false);
    expect(isCacheable(request("/benchmarks/personalllm", "", { cookie: "__Secure-authjs.session-token=x" }))).toBe(false);
    expect(isCacheable({ ...request("/about"), method: "POST" })).toBe(false);
  });
});
