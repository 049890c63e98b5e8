import { formatCount } from "@/lib/leaderboard/format";
import type { DimensionGroup } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import { describeMetric, formatScore, metricOrder, trackLabel } from "./metric-text";
import { SectionHeading } from "@/components/section-heading";

/**
 * Per-dimension means (the stratum's domain: which kinds of personal facts a system handles well), one table
 * per track, metrics in the leaderboard's column order. The data is the breakdown API's (same read model).
 */
export function DimensionBreakdown({
  groups,
  metrics,
  withheldTest,
  submissionId,
}: {
  groups: DimensionGroup[];
  metrics: string[];
  withheldTest: number;
  submissionId: string;
}) {
  const byTrack = new Map<string, DimensionGroup[]>();
  for (const g of groups) byTrack.set(g.track, [...(byTrack.get(g.track) ?? []), g]);
  const id = encodeURIComponent(submissionId);
  return (
    <section aria-labelledby="dimension-title" className="space-y-3" data-testid="dimension-breakdown">
      <div>
        <SectionHeading id="dimension-title">By dimension</SectionHeading>
        <p className="text-sm text-fg-muted">
          Mean per-instance metrics grouped by the domain of the memory each instance is about (its stratum label), with the number of instances; under each mean,
          its 95% bootstrap interval over the group&apos;s instances (a small group&apos;s mean is wide). Pooled ratios (direct/indirect recall, action recalls) are
          left out: a mean of per-instance ratios would be a different number.{" "}
          <span data-testid="unmapped-note">
            <strong className="font-medium text-fg">UNMAPPED</strong> groups the instances whose memory the annotators could not place in the benchmark&apos;s label
            taxonomy; it is listed after the taxonomy&apos;s domains.
          </span>{" "}
          {withheldTest > 0 ? `${formatCount(withheldTest)} test-split instances are not included (hidden gold). ` : ""}
          Downloads: per domain above; by full label{" "}
          <a className="text-accent underline underline-offset-2" href={`/api/v1/submissions/${id}/breakdown?level=dimension&by=label&format=csv`} download>
            CSV
          </a>{" "}
          or{" "}
          <a className="text-accent underline underline-offset-2" href={`/api/v1/submissions/${id}/breakdown?level=dimension&by=label&format=json`}>
            JSON
          </a>
          .
        </p>
      </div>
      {groups.length === 0 ? <p className="text-sm text-fg-muted">No per-dimension results {withheldTest > 0 ? "on public splits" : "yet"}.</p> : null}
      {[...byTrack.entries()].map(([track, rows]) => {
        const shown = metrics.filter((m) => rows.some((r) => r.metrics[m]?.n)).sort((a, b) => metricOrder(track, a) - metricOrder(track, b));
        return (
          // relative: the cells' sr-only labels (position: absolute) are placed, and clipped, inside this scroller;
          // without it they sat at the table's width outside it and the page scrolled sideways at 390 px
          <div key={track} className="relative overflow-x-auto rounded-lg border border-line bg-surface">
            {/* the cells' look is app/globals.css .dim-table: one class here, not the same utilities on every cell */}
            <table className="dim-table">
              <caption>{trackLabel(track)}</caption>
              <thead>
                <tr>
                  <th scope="col">Dimension</th>
                  <th scope="col">n</th>
                  {shown.map((m) => (
                    <th key={m} scope="col" title={describeMetric(track, m).description}>
                      {describeMetric(track, m).label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.dimension}>
                    <th scope="row">{row.dimension.replace(/_/g, " ")}</th>
                    <td>{formatCount(row.n)}</td>
                    {shown.map((m) => {
                      const cell = row.metrics[m];
                      const ci =
                        cell && cell.ciLow !== null && cell.ciHigh !== null ? `[${formatScore(track, m, cell.ciLow)}, ${formatScore(track, m, cell.ciHigh)}]` : null;
                      return (
                        <td key={m} data-dimension-cell={m}>
                          {formatScore(track, m, cell?.mean ?? null)}
                          {ci ? (
                            <small data-dimension-ci="">
                              <span className="sr-only">95% CI </span>
                              {ci}
                            </small>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}
