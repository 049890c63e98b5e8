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
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Submitting predictions</h2>
        <p className="text-fg-muted">
          Create a token with <code>npm run alpsbench -- token create --email you@example.org</code> (shown once, stored hashed), then
          upload one prediction file per track. Files may be JSON Lines or one JSON array, gzipped or not; they are validated while they
          stream in, and a refused file is not stored and does not count against your daily limit.
        </p>
        <code className={code}>
          curl -H &quot;Authorization: Bearer $TOKEN&quot; -F task=task1 -F model=&quot;My model&quot; -F split=dev -F file=@predictions.jsonl $SITE/api/v1/submissions
        </code>
        <ul className="list-disc space-y-1 pl-6 text-fg-muted">
          <li>
            <code>POST /api/v1/submissions</code>: multipart fields first (<code>task</code>, <code>model</code>, optional <code>split</code>,{" "}
            <code>benchmark</code>, <code>organisation</code>, <code>kind</code>, <code>backbone</code>, <code>paper_url</code>, <code>code_url</code>,{" "}
            <code>open_weights</code>, <code>visibility</code>), then <code>file</code>; or the file as the raw body with the fields in the query
            string. <code>Idempotency-Key</code> makes retries safe. Answers 202 <code>{"{ id, status, duplicate, validation }"}</code>, or
            400/401/403/413/422/429 with <code>{"{ error: { code, message, validation? } }"}</code> naming the line and field of each problem.
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;</code>: status (queued, scoring, judging, done, failed), progress, failure reason and
            metrics with n and 95% CI.
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;/breakdown?level=instance|dimension&amp;format=json|csv</code>: per-instance results
            (dev and validation instances only; test-split results stay on the server) or per-dimension aggregates.
          </li>
          <li>
            <code>GET /api/v1/inputs/&#123;track&#125;?split=dev|validation|test</code>: the model inputs as JSONL (never gold);{" "}
            <code>/api/v1/inputs/&#123;track&#125;/example</code>: a small valid prediction file.
          </li>
          <li>
            <code>GET /api/v1/queue</code>: jobs waiting, running and recently finished.
          </li>
          <li>
            From the command line: <code>npm run alpsbench -- submit --server $SITE --token $TOKEN --task task1 --file p.jsonl --model &quot;My
            model&quot; --wait</code>.
          </li>
        </ul>
      </section>
    </article>
  );
}
