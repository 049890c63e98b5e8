import { describe, expect, test } from "vitest";
import { isCacheable } from "./anonymous-page-cache";
import { cachePolicyOf, QUEUE_MAX_AGE_MS } from "./cacheable-pages";

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
      "/api-docs/submitting",
      "/releases",
      "/releases/abc123",
    ]) {
      expect(isCacheable(request(path)), path).toBe(true);
    }
    expect(isCacheable(request("/compare", "?a=x&b=y"))).toBe(true);
  });

  test("submission pages by the submission's own key, the queue for a short while", () => {
    expect(cachePolicyOf("/submissions/cm1abc_2-x")).toEqual({ kind: "submission", id: "cm1abc_2-x" });
    expect(cachePolicyOf("/queue")).toEqual({ kind: "interval", maxAgeMs: QUEUE_MAX_AGE_MS });
    expect(cachePolicyOf("/systems/gpt-5-2")).toEqual({ kind: "versioned" });
    expect(isCacheable(request("/submissions/abc"))).toBe(true);
    expect(isCacheable(request("/submissions/abc", "", { cookie: "authjs.session-token=x" }))).toBe(false);
  });

  test("never pages with per-user content or an upload's progress, nor signed-in visitors", () => {
    for (const path of [
      "/submissions/abc/x",
      "/submissions/a.b",
      "/runs/abc",
      "/signin",
      "/submit",
      "/account",
      "/admin",
      "/audit",
      "/systems/a/b",
      "/benchmarks/a/b/c",
    ]) {
      expect(isCacheable(request(path)), path).toBe(false);
    }
    expect(isCacheable(request("/systems/gpt-5-2", "", { cookie: "authjs.session-token=x" }))).toBe(false);
    expect(isCacheable(request("/queue", "", { cookie: "authjs.session-token=x" }))).toBe(false);
    expect(isCacheable(request("/benchmarks/personalllm", "", { cookie: "__Secure-authjs.session-token=x" }))).toBe(false);
    expect(isCacheable({ ...request("/about"), method: "POST" })).toBe(false);
  });
});
