import { describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";

/**
 * No broken internal link: every page reachable from / (breadth first, as a visitor: same origin only, hrefs of
 * HTML pages) is fetched, and every link found answers 200 (after redirects, e.g. /benchmarks/alpsbench/overview
 * to /). Both benchmarks' data are imported (tests/e2e/global-setup.ts: the AlpsBench real data when present and
 * PersonalLLM's synthetic evaluation set with, when present, the authors' reported runs).
 *
 * Bounded: links are deduplicated by path (a sort or filter query of a page is the same page), downloads and
 * other API answers are fetched but not followed, the large ones (model inputs, the full snapshot) are skipped,
 * and the crawl stops at MAX_PAGES.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const MAX_PAGES = 1_500;
const CONCURRENCY = 4;
// the crawl's own rate-limit bucket (the e2e server trusts one proxy hop)
const CRAWLER = { "x-forwarded-for": "203.0.113.77" };

/** Links too large to fetch for a status: the public model inputs and the full export. */
const skipped = (url: URL) => url.pathname.startsWith("/api/v1/inputs/") || url.pathname.startsWith("/api/v1/snapshot") || url.pathname.startsWith("/_next/");

function linksOf(html: string, from: string): URL[] {
  const out: URL[] = [];
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    try {
      const url = new URL(match[1]!.replaceAll("&amp;", "&"), from);
      if (url.origin !== baseUrl || skipped(url)) continue;
      url.hash = "";
      out.push(url);
    } catch {
      // not a URL
    }
  }
  return out;
}

type Visit = { path: string; status: number; from: string };

async function crawl(): Promise<{ visits: Visit[]; complete: boolean }> {
  const seen = new Set<string>(["/"]);
  const queue: { url: string; from: string }[] = [{ url: `${baseUrl}/`, from: "(start)" }];
  const visits: Visit[] = [];
  const visit = async ({ url, from }: { url: string; from: string }) => {
    const response = await fetch(url, { headers: CRAWLER, redirect: "follow" });
    const path = new URL(url).pathname;
    visits.push({ path: `${path}${new URL(url).search}`, status: response.status, from });
    const html = (response.headers.get("content-type") ?? "").includes("text/html");
    // API answers and downloads are checked, not followed
    if (!html || path.startsWith("/api/")) {
      await response.body?.cancel();
      return;
    }
    for (const link of linksOf(await response.text(), response.url)) {
      if (seen.has(link.pathname)) continue;
      seen.add(link.pathname);
      queue.push({ url: link.href, from: path });
    }
  };
  while (queue.length > 0 && visits.length < MAX_PAGES) await Promise.all(queue.splice(0, CONCURRENCY).map(visit));
  return { visits, complete: queue.length === 0 };
}

describe("link crawl", () => {
  test("every internal link reachable from / answers 200, on both benchmarks' pages", { timeout: 900_000 }, async () => {
    const db = createPrismaClient(databaseUrl);
    const pllmRuns = await db.pllmReportedRun.count().finally(() => db.$disconnect());
    const { visits, complete } = await crawl();
    expect(complete, `more than ${MAX_PAGES} distinct paths`).toBe(true);
    const paths = visits.map((v) => v.path);
    // the crawl reached both benchmarks, PersonalLLM's selection view with its baselines included
    expect(paths).toContain("/benchmarks/personalllm/selection");
    expect(paths.some((p) => p.startsWith("/tasks/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/systems/"))).toBe(true);
    if (pllmRuns > 0) expect(paths).toContain("/benchmarks/personalllm/logged");
    const broken = visits.filter((v) => v.status !== 200).map((v) => `${v.status} ${v.path} (linked from ${v.from})`);
    expect(broken).toEqual([]);
    process.stderr.write(`[link-crawl] ${visits.length} distinct paths, all 200\n`);
  });
});
