import { benchmarkHome, hostedBenchmarks } from "../../lib/benchmarks";
import { capabilitiesOf } from "../../lib/benchmarks/hosted-capabilities";
import type { Benchmark } from "../../lib/benchmarks/types";
import type { Db } from "../../lib/db/create-client";

/**
 * Every public page of a seeded server, for scripts/bench/pages.ts --public-pages: every hosted benchmark's boards
 * (as the registry declares them), the busiest system's page, a comparison, the static pages, the queue, a
 * release and a public submission's page. Nothing here names a benchmark: a new one's pages are measured too.
 */
export function boardPages(benchmarks: readonly Benchmark[] = hostedBenchmarks()): string[] {
  const pages: string[] = [];
  for (const benchmark of benchmarks) {
    const { home, pageOf } = capabilitiesOf(benchmark);
    pages.push(home);
    // a view's own page, else the platform's
    for (const view of benchmark.views) pages.push(pageOf(view.id) ?? `/benchmarks/${benchmark.id}${view.id ? `/${view.id}` : ""}`);
  }
  return [...new Set(pages)];
}

/** Each other benchmark's default board: the seeded run (pages.ts --seeded) measures them beside the root benchmark's. */
export function moduleHomes(): string[] {
  return hostedBenchmarks().slice(1).map(benchmarkHome);
}

const shown = { status: "done", visibility: "public", hiddenAt: null } as const;

/** The oldest finished public upload or server-run (not a reported row, which has no page of results). */
export async function publicSubmissionPage(db: Db): Promise<string | null> {
  const submission = await db.submission.findFirst({ where: { ...shown, source: { not: "reported" } }, orderBy: { createdAt: "asc" }, select: { id: true } });
  return submission && `/submissions/${submission.id}`;
}

export async function publicPages(db: Db): Promise<string[]> {
  const pages = boardPages();
  const systems = await db.system.findMany({
    where: { submissions: { some: shown } },
    select: { slug: true, _count: { select: { submissions: { where: shown } } } },
    orderBy: [{ submissions: { _count: "desc" } }, { slug: "asc" }],
    take: 2,
  });
  if (systems[0]) pages.push(`/systems/${systems[0].slug}`);
  if (systems.length === 2) pages.push(`/compare?a=${systems[0]!.slug}&b=${systems[1]!.slug}`);
  pages.push("/about", "/api-docs", "/releases", "/queue");
  const release = await db.release.findFirst({ orderBy: { cutAt: "desc" }, select: { id: true } });
  if (release) pages.push(`/releases/${release.id}`);
  const submission = await publicSubmissionPage(db);
  if (submission) pages.push(submission);
  return pages;
}
