import { TableHead } from "@/components/column-heads";
import { hostedBenchmarks, oneCallBenchmarks } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { cliCommand } from "@/lib/platform/site";
import { code, PipelineFormatsDocs, RowFormatDocs } from "./row-format-docs";

/**
 * The read views and upload formats of the benchmarks the platform's one-call defaults host, from their
 * declarations (views, tracks, row formats): a new one documents itself here with no change to this page.
 */
export function BenchmarkModulesDocs() {
  return (
    <>
      <HostedBenchmarksTable />
      {oneCallBenchmarks().map((b) => (
        <section key={b.id} className="space-y-3" aria-labelledby={`api-${b.id}`}>
          <h2 id={`api-${b.id}`} className="text-xl font-semibold">
            {b.title}
          </h2>
          <p className="text-fg-muted">
            Views:{" "}
            {b.views.map((v) => (
              <code key={v.id || "default"} className="mr-2 inline-block">{`/api/v1/leaderboards/${b.id}${v.id ? `/${v.id}` : ""}`}</code>
            ))}
            , with the same table parameters as above plus the benchmark&apos;s own filters; <code>format=charts</code> answers the view&apos;s charts as data (bars,
            heat maps and their data tables) under the same filters. Uploads use <code>POST /api/v1/submissions</code> with <code>benchmark={b.id}</code> and{" "}
            <code>task</code> one of the tracks below (no <code>split</code>): one JSONL, CSV or parquet file, gzip accepted. Every row is checked before anything is
            stored (a refused file names each problem&apos;s line and field); accepted files are queued and scored by the server, and public ones are ranked in the
            views above as <code>submitted</code> rows with n and 95% CIs.
          </p>
          {b.tracks.map((t) => (
            <div key={t.id} className="space-y-2">
              <h3 className="font-semibold">
                <code>task={t.id}</code>: {t.title}
              </h3>
              <RowFormatDocs rowFormat={t.rowFormat} />
              <code className={code} tabIndex={0}>
                {`curl -H "Authorization: Bearer $TOKEN" -F benchmark=${b.id} -F task=${t.id} -F model="My method" -F file=@${t.id}.csv $SITE/api/v1/submissions`}
              </code>
            </div>
          ))}
          <p className="text-fg-muted">
            From the command line:{" "}
            <code>
              {cliCommand(
                `submit --server $SITE --token $TOKEN --benchmark ${b.id} --track ${b.tracks[0]?.id ?? "<track>"} --file predictions.csv --model "My method" --wait`,
              )}
            </code>
            .
          </p>
        </section>
      ))}
      <PipelineFormatsDocs />
    </>
  );
}

/** Every hosted benchmark from its declaration: its views' URLs, its tracks (upload `task`) and headline metrics. */
function HostedBenchmarksTable() {
  return (
    <section className="space-y-3" aria-labelledby="api-benchmarks">
      <h2 id="api-benchmarks" className="text-xl font-semibold">
        Hosted benchmarks
      </h2>
      <p className="text-fg-muted">
        Every benchmark answers <code>/api/v1/leaderboards/&#123;benchmark&#125;[/&#123;view&#125;]</code> and{" "}
        <code>/api/v1/snapshot?benchmark=&#123;benchmark&#125;</code>, and takes uploads with <code>benchmark=&#123;benchmark&#125;</code> and <code>task</code> one
        of its tracks. The platform scores a track in one call of its scorer, or the benchmark scores it in steps of its own (chunked, judged).
      </p>
      <div className="overflow-x-auto rounded-md border border-line" tabIndex={0} role="region" aria-label="Table of hosted benchmarks">
        <table className="w-full text-left text-sm" data-hosted-benchmarks="">
          <TableHead
            className="bg-surface-muted text-xs text-fg-muted"
            cellClassName="px-3 py-2"
            cells={["Benchmark", "Scoring", "Views", "Tracks (headline metric)"]}
          />
          <tbody>
            {hostedBenchmarks().map((b) => (
              <tr key={b.id} className="border-t border-line align-top" data-benchmark={b.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  {b.title} <code className="block text-xs text-fg-muted">{b.id}</code>
                </th>
                <td className="px-3 py-2 text-fg-muted">{capabilitiesOf(b).scoreStep ? "in steps of its own" : "one call"}</td>
                <td className="px-3 py-2 font-mono text-xs">
                  {b.views.map((v) => (
                    <span key={v.id || "default"} className="block whitespace-nowrap">{`/${b.id}${v.id ? `/${v.id}` : ""}`}</span>
                  ))}
                </td>
                <td className="px-3 py-2 text-xs">
                  {b.tracks.map((t) => (
                    <span key={t.id} className="block whitespace-nowrap">
                      <code>{t.id}</code> {t.title}
                      {headlineNote(t)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** " (Score)": the headline metric's label, left out where the track's title already says it (Task 4's abilities). */
function headlineNote(track: { title: string; headline: string; metrics: { id: string; label: string }[] }): string {
  const label = track.metrics.find((m) => m.id === track.headline)?.label ?? track.headline;
  return track.title.includes(label) ? "" : ` (${label})`;
}
