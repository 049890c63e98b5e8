import { describe, expect, test } from "vitest";
import { chargeNavigation, isCacheable } from "./anonymous-page-cache";
import { cachePolicyOf, canonicalSearch, QUEUE_MAX_AGE_MS } from "./cacheable-pages";
import { declarePageParams } from "./page-params";

const request = (pathname: string, search = "", headers: Record<string, string> = {}, method = "GET") => ({
  method,
  pathname,
  searchParams: new URLSearchParams(search),
  headers: new Headers(headers),
});
const canonical = (pathname: string, search: string) => canonicalSearch(pathname, new URLSearchParams(search));

describe("which requests the page cache answers", () => {
  test("every benchmark's boards, system pages, comparisons and the static pages, by GET and HEAD", () => {
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
      expect(isCacheable(request(path, "", {}, "HEAD")), path).toBe(true);
    }
    expect(isCacheable(request("/compare", "?a=x&b=y"))).toBe(true);
  });

  test("a session cookie, real or made up, does not take a page out of the cache (the cache checks it)", () => {
    expect(isCacheable(request("/systems/gpt-5-2", "", { cookie: "authjs.session-token=bogus" }))).toBe(true);
    expect(isCacheable(request("/", "", { cookie: "__Secure-authjs.session-token=bogus" }))).toBe(true);
  });

  test("submission pages by the submission's own key, the queue for a short while; who sees more on each", () => {
    expect(cachePolicyOf("/submissions/cm1abc_2-x")).toEqual({ kind: "submission", personal: "submission", id: "cm1abc_2-x" });
    expect(cachePolicyOf("/queue")).toEqual({ kind: "interval", personal: "queue", maxAgeMs: QUEUE_MAX_AGE_MS });
    expect(cachePolicyOf("/systems/gpt-5-2")).toEqual({ kind: "versioned", personal: "system" });
    expect(cachePolicyOf("/tasks/task1")).toEqual({ kind: "versioned", personal: "none" });
    expect(isCacheable(request("/submissions/abc"))).toBe(true);
  });

  test("never pages with per-user content or an upload's progress, nor client navigations or writes", () => {
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
    expect(isCacheable(request("/about", "", {}, "POST"))).toBe(false);
    expect(isCacheable(request("/about", "", { rsc: "1" }))).toBe(false);
  });

  test("`?_rsc=` without an RSC header is an ordinary page request: answered by the cache, keyed without it", () => {
    expect(isCacheable(request("/about", "?_rsc=abc"))).toBe(true);
    expect(isCacheable(request("/tasks/task1", "?_rsc=1&sort=system"))).toBe(true);
    expect(canonical("/tasks/task1", "?_rsc=1&sort=system")).toBe("sort=system");
    // a module page whose settings no render has declared yet still knows `_rsc` is none of them
    expect(canonical("/benchmarks/unit-probe-rsc", "?_rsc=1")).toBe("");
  });

  test("a client navigation of a cacheable page is charged to a bucket; other requests are not", async () => {
    expect(await chargeNavigation(request("/about"))).toBeNull();
    expect(await chargeNavigation(request("/signin", "", { rsc: "1" }))).toBeNull();
    expect(await chargeNavigation(request("/about", "", { rsc: "1" }, "POST"))).toBeNull();
  });
});

describe("the query string a cached page is keyed by", () => {
  test("unknown parameters are dropped, so a random one is the bare page", () => {
    expect(canonical("/", "?x=r4nd0m")).toBe("");
    expect(canonical("/about", "?utm_source=a&b=c")).toBe("");
    expect(canonical("/systems/gpt-5-2", "?x=1")).toBe("");
    expect(canonical("/queue", "?x=1")).toBe("");
  });

  test("a board's table query stays, canonicalised by the table's parser: order, defaults and bad values", () => {
    expect(canonical("/tasks/task1", "?x=1&dir=asc&sort=system")).toBe("sort=system&dir=asc");
    expect(canonical("/tasks/task1", "?dir=asc&sort=system")).toBe(canonical("/tasks/task1", "?sort=system&dir=asc&zz=9"));
    // a default value and an invalid one are the bare page too
    expect(canonical("/", "?split=full&density=nope")).toBe("");
  });

  test("the other pages keep the parameters they read, in one order", () => {
    expect(canonical("/compare", "?b=y&a=x&junk=1")).toBe("a=x&b=y");
    expect(canonical("/releases/r1", "?view=task1&x=2")).toBe("view=task1");
    expect(canonical("/submissions/s1", "?page=2&x=3&track=t")).toBe("page=2&track=t");
  });

  test("a known parameter's value is read as the page reads it, so made-up spellings of one view are one key", () => {
    // the page reads `Number.parseInt(page) || 1`
    for (const page of ["2", "02", "2x", "00002", " 2"]) expect(canonical("/submissions/s1", `?page=${page}`), page).toBe("page=2");
    for (const page of ["1", "01", "0", "-5", "x", ""]) expect(canonical("/submissions/s1", `?page=${page}`), page).toBe("");
    expect(canonical("/submissions/s1", "?page=99999999999")).toBe("page=100000");
    expect(canonical("/submissions/s1", "?items_page=3x&items_dir=asc&items_sort=item&misses=yes")).toBe("items_page=3");
    expect(canonical("/submissions/s1", "?items_dir=desc&misses=1&split=nope&q=%20%20")).toBe("items_dir=desc&misses=1");
    // only the first value is read
    expect(canonical("/submissions/s1", "?page=2&page=3")).toBe("page=2");
    // compare: slugs of the shape a system slug has, a known split; the rest is the page's default
    expect(canonical("/compare", "?a=%20x%20&b=<script>&split=bogus&benchmark=NOPE")).toBe("a=x");
    expect(canonical("/compare", "?a=x&b=y&split=dev")).toBe("a=x&b=y&split=dev");
    expect(canonical("/releases/r1", `?view=${"v".repeat(200)}`)).toBe("");
    expect(canonical("/releases/r1", "?view=a%20b")).toBe("");
  });

  test("a board's filter lists are one key in any order", () => {
    expect(canonical("/tasks/task1", "?org=B,A")).toBe(canonical("/tasks/task1", "?org=A&org=B"));
    expect(canonical("/tasks/task1", "?kind=memory_system,general_llm")).toBe(canonical("/tasks/task1", "?kind=general_llm,memory_system"));
  });

  test("a module page keeps its declared settings; before a render declared them, other names are rendered per request", () => {
    const path = "/benchmarks/unit-probe-module";
    expect(canonical(path, "?sort=system")).toBe("sort=system");
    expect(canonical(path, "?origin=paper")).toBeNull();
    declarePageParams(path, ["origin"]);
    expect(canonical(path, "?x=1&origin=paper&sort=system")).toBe("sort=system&origin=paper");
    expect(canonical(path, "?x=1")).toBe("");
  });
});
