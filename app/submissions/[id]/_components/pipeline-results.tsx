import type { ReactNode } from "react";
import { formatCount, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { hostedTrack, trackLabel } from "@/lib/benchmarks";
import type { MetricDefinition, UploadFacts } from "@/lib/benchmarks/types";
import type { SubmissionStatusView } from "@/lib/db/queries/submission-status";
import { noisedDecimals } from "@/lib/leaderboard/noised-figure";
import { MetricsTableHead } from "./metrics-table-head";
import { SectionHeading } from "@/components/section-heading";

type Figures = Pick<SubmissionStatusView, "metrics" | "split"> & { noised: UploadFacts["noised"]; awaitingJudge?: boolean };
type MetricRow = { metric: string; def: MetricDefinition } & SubmissionStatusView["metrics"][string];

/** The metrics a track of a benchmark that scores itself declares, in its column order, that the upload has a figure for. */
export function rowsFor(submission: Pick<Figures, "metrics">, track: string): MetricRow[] {
  const defs = hostedTrack(track)?.track.metrics ?? [];
  // One track: keys are metric ids. Several: "<track>:<metric>" (lib/db/queries/submission-status.ts).
  const multi = Object.keys(submission.metrics).some((key) => key.includes(":"));
  return defs.flatMap((def) => {
    const cell = submission.metrics[multi ? `${track}:${def.id}` : def.id];
    return cell ? [{ metric: def.id, def, ...cell }] : [];
  });
}

/** A figure of an upload published noised: a test-split upload's at its rounding step, a full upload's whole figure without one. */
function noisedOf(submission: Figures, metric: string): { step: number | null } | null {
  if (!submission.noised) return null;
  const step = submission.split === "test" ? submission.noised.steps[metric] : undefined;
  return { step: typeof step === "number" ? step : null };
}

/** A missing judge figure's hover note: short, the page's Judge fact says the rest once. */
function waitingTitle(submission: Figures, def: MetricDefinition): string | undefined {
  if (def.kind !== "judge") return undefined;
  return submission.awaitingJudge ? "no judge on this server yet (see Judge above)" : "the judge gave no usable answer";
}

/**
 * An upload its benchmark scored itself: one table per track with the metrics its track declares (labels,
 * decimals, judge marks), the benchmark's downloads above them and its note on tracks without figures.
 */
export function PipelineResults({
  submission,
  tracks,
  downloads,
  emptyNote,
}: {
  submission: Figures;
  tracks: readonly string[];
  downloads: ReactNode;
  emptyNote: string | null;
}) {
  const perTrack = tracks.map((track) => ({ track, rows: rowsFor(submission, track) }));
  const empty = perTrack.filter((t) => t.rows.length === 0).map((t) => trackLabel(t.track));
  return (
    <section aria-labelledby="metrics-title" className="space-y-4">
      <div>
        <SectionHeading id="metrics-title">Metrics</SectionHeading>
        <p className="text-sm text-fg-muted">Means over instances with 95% bootstrap confidence intervals; n is the number of instances.</p>
      </div>
      {downloads}
      {perTrack.map(({ track, rows }) =>
        rows.length === 0 ? null : (
          <div key={track} className="overflow-x-auto rounded-lg border border-line bg-surface">
            <table className="metrics-table table-fixed" data-testid="metrics-table">
              <caption>{trackLabel(track)}</caption>
              <colgroup>
                <col />
                <col className="w-[5.5rem] sm:w-32" />
                <col className="w-[8.5rem] sm:w-48" />
                <col className="w-12 sm:w-20" />
                <col className="hidden w-40 sm:table-column" />
              </colgroup>
              <MetricsTableHead scoredBy />
              <tbody>
                {rows.map((row) => {
                  // a noised test figure (TEST_FIGURE_NOISE=on): at the resolution it was rounded to, marked ≈
                  const noised = noisedOf(submission, row.metric);
                  const decimals = noisedDecimals({ noised }, row.def.decimals);
                  const value = formatMetric(row.value, decimals);
                  return (
                    <tr key={row.metric}>
                      <th scope="row">
                        <span title={row.def.description}>{row.def.label}</span>
                        {row.def.kind === "judge" ? <span className="judge-badge">judge</span> : null}
                      </th>
                      <td>
                        {noised && value !== null ? <abbr title="Published with random noise and rounded (see the note above)">≈</abbr> : null}
                        {value ?? (
                          <span className="font-normal text-fg-subtle" title={waitingTitle(submission, row.def)}>
                            {row.def.kind !== "judge" ? "–" : submission.awaitingJudge ? "waiting" : "not judged"}
                          </span>
                        )}
                      </td>
                      <td>{formatInterval(row.ciLow, row.ciHigh, decimals) ?? "–"}</td>
                      <td>{formatCount(row.n) ?? "–"}</td>
                      <td data-scored-by="" title={row.judgeProfile ?? row.scoreVersion}>
                        {row.judgeProfile ?? row.scoreVersion}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ),
      )}
      {empty.length > 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">
          No metrics {empty.length === tracks.length ? "were stored" : "yet"} for {empty.join(", ")}
          {emptyNote ? `: ${emptyNote}` : "."}
        </p>
      ) : null}
    </section>
  );
}
