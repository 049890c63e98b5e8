import { BENCHMARKS } from "../../lib/benchmarks";
import type { Db } from "../../lib/db/create-client";
import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";

/**
 * Every public page of a seeded server, for scripts/bench/pages.ts --public-pages: the hosted boards, every
 * module benchmark's views, the busiest system's page, a comparison, the static pages, and the pages the page
 * cache does not answer (queue, a public submission) so that their cost is on the same table.
 */
export async function publicPages(db: Db): Promise<string[]> {
  const pages = ["/", ...Object.keys(TASK_VIEWS).map((view) => `/tasks/${view}`)];
  for (const benchmark of BENCHMARKS) for (const view of benchmark.views) pages.push(`/benchmarks/${benchmark.id}${view.id ? `/${view.id}` : ""}`);
  const shown = { status: "done", visibility: "public", hiddenAt: null } as const;
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
  const submission = await db.submission.findFirst({ where: { ...shown, source: { not: "reported" } }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (submission) pages.push(`/submissions/${submission.id}`);
  return pages;
}
