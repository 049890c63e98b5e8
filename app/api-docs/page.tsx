import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { z } from "zod";
import { queryParamDocs, type ParamDoc } from "@/lib/leaderboard/query-docs";
import { SNAPSHOT_SCHEMA_VERSION, SnapshotFormat } from "@/lib/leaderboard/snapshot";
import { DocumentedTableQuery } from "@/lib/leaderboard/table-query-docs";
import { DownloadFormat } from "@/lib/leaderboard/download-format";
import { ROOT_BENCHMARK } from "@/lib/benchmarks";
import { BenchmarkModulesDocs } from "./benchmark-modules";

export const metadata: Metadata = { title: "API" };

const code = "block overflow-x-auto rounded-md border border-line bg-surface-muted p-3 font-mono text-sm";

export default async function ApiDocsPage() {
  // the benchmark at "/" answers the short read URLs; its examples and its own contract come from its declaration
  const root = ROOT_BENCHMARK;
  const examples = root.apiDocs ?? { exampleQuery: `${root.rootViewSlugs[0] ?? ""}?format=csv`, exampleTracks: { curl: "<track>", cli: "<track>" } };
  const contract = await root.apiDocs?.contract?.();
  return (
    // a long path or query (`/api/v1/submissions/{id}/breakdown?level=…`) is one unbreakable word: wrapping it
    // anywhere keeps a 390 px phone from scrolling the whole page sideways
    <article className="space-y-6 [overflow-wrap:anywhere]">
      <PageHeader
        eyebrow="API"
        title="Read API"
        description="Every table on this site is available as JSON and CSV, exactly as filtered and sorted on the page. No key is needed to read public data."
      />
      <section className="space-y-3" aria-labelledby="api-leaderboards">
        <h2 id="api-leaderboards" className="text-xl font-semibold">
          GET /api/v1/leaderboards/&#123;view&#125;
        </h2>
        <p className="text-fg-muted">
          One table exactly as the site shows it with the same query: the page&apos;s address and the download links carry the same parameters, and both go through
          one filter/sort/rank function. Copy a page&apos;s query string (everything after <code>?</code>) onto this endpoint to download that view. Invalid
          parameters answer 400 naming each one and its value.
        </p>
        <p className="text-fg-muted">
          Views:{" "}
          {root.rootViewSlugs.map((s) => (
            <code key={s} className="mr-2">
              {s}
            </code>
          ))}
          . The same views answer as <code>{`/api/v1/leaderboards/${root.id}/{view}`}</code> (<code>{`/api/v1/leaderboards/${root.id}`}</code> is the overview), the
          form every hosted benchmark&apos;s views take; <code>{`benchmark=${root.id}`}</code> means the default data version.
        </p>
        <ParamTable params={[...queryParamDocs(z.object({ format: DownloadFormat })), ...queryParamDocs(DocumentedTableQuery)]} />
        <code className={code}>{`curl -s "$SITE/api/v1/leaderboards/${examples.exampleQuery}"`}</code>
        <p className="text-fg-muted">
          JSON answers <code>{"{ leaderboard, title, benchmark, split, scoreVersion, query, sort, rankedBy, total, columns, rows, notes }"}</code>. Each row (and
          each CSV line) has <code>rank</code> (competition rank on the sorted metric among the rows returned, ties at the precision shown share a rank; empty when
          the value is missing), <code>pinned</code>, <code>row_id</code> (the value for <code>pin</code>), the system&apos;s identity, its <code>tier</code>{" "}
          (reported, rescored, verified), source and note, and per visible metric <code>&lt;metric&gt;</code>, <code>&lt;metric&gt;__n</code>,{" "}
          <code>&lt;metric&gt;__ci_low</code>, <code>&lt;metric&gt;__ci_high</code> and, for judge metrics, <code>&lt;metric&gt;__judge</code> (the judge profile
          that produced the number). <code>columns</code> gives each metric&apos;s label, description, direction (<code>higher</code> or <code>lower</code> is
          better) and decimals. The JSON gives each figure to its column&apos;s decimals plus two digits; the CSV is for people: readable headers, every figure at
          its column&apos;s decimals, the judge profile in one <code>Judge profile</code> column, and a UTF-8 byte order mark for Excel (a parser strips it:
          csv-parse&apos;s <code>bom: true</code>). Unknown views answer 404 with the list of known ones.
        </p>
      </section>
      <section className="space-y-3" aria-labelledby="api-snapshot">
        <h2 id="api-snapshot" className="text-xl font-semibold">
          GET /api/v1/snapshot
        </h2>
        <p className="text-fg-muted">
          The whole leaderboard at once, for citing: every view above in its default ranking with every column, stamped with{" "}
          <code>{`{ schemaVersion: ${SNAPSHOT_SCHEMA_VERSION}, scorerVersion, generatedAt, benchmark, split, scoreVersion }`}</code>. JSON answers{" "}
          <code>{"{ snapshot, views: [{ view, title, columns, rows, notes }] }"}</code> with rows as above; <code>format=zip</code> gives one CSV per view plus{" "}
          <code>manifest.json</code>. Accepts <code>benchmark</code>, <code>split</code> and <code>version</code> as above (other table parameters change nothing; an
          unknown one is a 400). <code>benchmark=personalllm</code> (any benchmark module) gives every view of that module, each row with the module&apos;s settings
          as fields and each view with its record <code>fields</code> in CSV order; its <code>scorerVersion</code> names each track&apos;s scorer.
        </p>
        <ParamTable params={queryParamDocs(z.object({ format: SnapshotFormat }))} />
        <code className={code}>curl -sO -J &quot;$SITE/api/v1/snapshot?format=zip&quot;</code>
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Submitting predictions</h2>
        <p className="text-fg-muted">
          Create a token with <code>npm run alpsbench -- token create --email you@example.org</code> (shown once, stored hashed), then upload one prediction file per
          track. Files may be JSON Lines or one JSON array, gzipped or not; they are validated while they stream in, and a refused file is not stored and does not
          count against your daily limit.
        </p>
        <code className={code}>
          {`curl -H "Authorization: Bearer $TOKEN" -F task=${examples.exampleTracks.curl} -F model="My model" -F split=dev -F file=@predictions.jsonl $SITE/api/v1/submissions`}
        </code>
        {contract}
        <ul className="list-disc space-y-1 pl-6 text-fg-muted">
          <li>
            <code>POST /api/v1/submissions</code>: multipart fields first (<code>task</code>, <code>model</code>, optional <code>split</code>, <code>benchmark</code>
            , <code>organisation</code>, <code>kind</code>, <code>backbone</code>, <code>paper_url</code>, <code>code_url</code>, <code>open_weights</code>,{" "}
            <code>visibility</code>), then <code>file</code>; or the file as the raw body with the fields in the query string. <code>Idempotency-Key</code> makes
            retries safe. Answers 202 <code>{"{ id, status, duplicate, validation }"}</code>, or 400/401/403/413/422/429 with{" "}
            <code>{"{ error: { code, message, validation? } }"}</code> naming the line and field of each problem; 409 when the same predictions are already scored
            (checked before any limit, never counted); 429 <code>limit_reached</code> when an upload limit is spent (a run counts as one upload; uploads with
            test-split rows have their own daily and 30-day limits), with <code>nextAllowedAt</code> and <code>Retry-After</code>.
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;</code>: status (queued, scoring, judging, done, failed), progress, failure reason and metrics with n and 95%
            CI. Test-split figures are exact; uploads with test-split rows are limited per account (see 429 above), and with the operator&apos;s noise option on they
            are noised and rounded instead (the submission&apos;s <code>note</code> says so). A file whose test rows are more than 50% empty predictions is refused
            with 422.
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;/breakdown?level=instance|dimension&amp;format=json|csv</code>: per-instance results (dev and validation
            instances only; test-split results stay on the server) or per-dimension aggregates. The CSV names metrics as the tables do (<code>F1</code>,{" "}
            <code>F1 (n)</code>, <code>Score</code>) at their decimals; the JSON keeps ids and full precision.
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;/instances?track=&amp;split=dev|validation&amp;q=&amp;page=&amp;page_size=</code>: a run&apos;s items, 50 at
            most per page, searchable by instance id or text: per instance its scores, gold, the prediction as scored and the judge verdicts. Dev and validation
            instances only, for everyone; readable by anyone when the run&apos;s predictions are public (the server&apos;s own runs, uploads sent with{" "}
            <code>publish_predictions</code>), else by its owner and admins only (404 to others).
          </li>
          <li>
            <code>GET /api/v1/submissions/&#123;id&#125;/items?format=json|csv</code>: an upload to a benchmark module, one row per evaluation item (a PersonalLLM
            user) with the figures its track declares; its owner always, everyone for a public upload of a track whose items are public.
          </li>
          <li>
            <code>GET /api/v1/inputs/&#123;track&#125;?split=dev|validation|test</code>: the model inputs as JSONL (never gold);{" "}
            <code>/api/v1/inputs/&#123;track&#125;.jsonl.gz</code>: the same lines as a gzip file; <code>/api/v1/inputs/&#123;track&#125;.compact.jsonl.gz</code>: a
            Task 3 track with each candidate memory once (docs/api.md, &quot;Compact Task 3 inputs&quot;); <code>/api/v1/inputs/&#123;track&#125;/example</code>: a
            small valid prediction file.
          </li>
          <li>
            <code>GET /api/v1/queue</code>: jobs waiting, running and recently finished.
          </li>
          <li>
            <code>GET /api/v1/benchmarks/&#123;benchmark&#125;/readiness</code>: before uploading to a benchmark module (<code>personalllm</code>), whether each
            track has its evaluation data on this server; when not, <code>missing</code> names the files and how an operator imports them.
          </li>
          <li>
            From the command line:{" "}
            <code>{`npm run alpsbench -- submit --server $SITE --token $TOKEN --task ${examples.exampleTracks.cli} --file p.jsonl --model "My model" --wait`}</code>.
          </li>
        </ul>
      </section>
      <BenchmarkModulesDocs />
    </article>
  );
}

/** Generated from the zod schemas the endpoints parse with (lib/leaderboard/query-docs.ts). */
function ParamTable({ params }: { params: ParamDoc[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-line">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-muted text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Parameter
            </th>
            <th scope="col" className="px-3 py-2">
              Values
            </th>
            <th scope="col" className="px-3 py-2">
              Default
            </th>
            <th scope="col" className="px-3 py-2">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody>
          {params.map((p) => (
            <tr key={p.name} className="border-t border-line align-top">
              <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                {p.name}
              </th>
              <td className="px-3 py-2 font-mono text-xs text-fg-muted">{p.values}</td>
              <td className="px-3 py-2 font-mono text-xs text-fg-muted">{p.default ?? "—"}</td>
              <td className="px-3 py-2 text-fg-muted">{withCode(p.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The schemas' descriptions mark values with backticks. */
function withCode(text: string) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
