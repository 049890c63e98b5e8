import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { VIEW_SLUGS } from "@/lib/leaderboard/views";

export const metadata: Metadata = { title: "API" };

const code = "block overflow-x-auto rounded-md border border-line bg-surface-muted p-3 font-mono text-sm";

export default function ApiDocsPage() {
  return (
    <article className="space-y-6">
      <PageHeader eyebrow="API" title="Read API" description="Every table on this site is available as JSON and CSV. No key is needed to read public data." />
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">GET /api/v1/leaderboards/&#123;view&#125;</h2>
        <p className="text-fg-muted">
          Query parameters: <code>format</code> = <code>json</code> (default) or <code>csv</code>; <code>benchmark</code> = <code>alpsbench-v1</code>{" "}
          (default) or <code>demo</code>; <code>split</code> = <code>full</code> (default), <code>test</code>, <code>validation</code>, <code>dev</code>{" "}
          or <code>all</code>.
        </p>
        <p className="text-fg-muted">Views: {VIEW_SLUGS.map((s) => <code key={s} className="mr-2">{s}</code>)}</p>
        <code className={code}>curl -s &quot;$SITE/api/v1/leaderboards/task1?format=csv&quot;</code>
        <p className="text-fg-muted">
          JSON answers <code>{"{ leaderboard, title, benchmark, split, columns, rows }"}</code>; each row has the system&apos;s identity, its tier
          (reported, rescored, verified), and per metric <code>&lt;metric&gt;</code>, <code>&lt;metric&gt;__n</code>,{" "}
          <code>&lt;metric&gt;__ci_low</code>, <code>&lt;metric&gt;__ci_high</code> and, for judge metrics, <code>&lt;metric&gt;__judge</code>.
          Unknown views answer 404 with the list of known ones.
        </p>
      </section>
    </article>
  );
}
