import { formatCount, formatInterval, formatMetric } from "@/lib/leaderboard/format";
import { MetricsTableHead } from "./metrics-table-head";
import type { MetricDefinition } from "@/lib/benchmarks/types";
import { SectionHeading } from "@/components/section-heading";
import { TextAnchor } from "@/components/text-link";

type Cell = { value: number | null; n: number | null; ciLow: number | null; ciHigh: number | null; scoreVersion: string };

/**
 * The metrics of an upload to a registered benchmark module, in the order the module declares them, with n and
 * the 95% CI the module's scorer computed. Plain props: the page resolves the module and its track.
 */
export function ModuleResults({
  title,
  metrics,
  cells,
  leaderboardHref,
  note,
}: {
  title: string;
  metrics: readonly MetricDefinition[];
  cells: Record<string, Cell>;
  leaderboardHref: string;
  /** why metrics are missing (e.g. reward metrics "not scored"), from the worker */
  note?: string | null;
}) {
  const rows = metrics.flatMap((def) => (cells[def.id] ? [{ def, cell: cells[def.id]! }] : []));
  return (
    <section aria-labelledby="metrics-title" className="space-y-4">
      <div>
        <SectionHeading id="metrics-title">Metrics</SectionHeading>
        <p className="text-sm text-fg-muted">
          Computed by this server with 95% bootstrap confidence intervals; n is the number of evaluation items. Public uploads are ranked on the{" "}
          <TextAnchor href={leaderboardHref}>leaderboard</TextAnchor>.
        </p>
      </div>
      {note ? <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">No metrics were stored for this submission.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="metrics-table" data-testid="metrics-table">
            <caption>{title}</caption>
            <MetricsTableHead />
            <tbody>
              {rows.map(({ def, cell }) => (
                <tr key={def.id}>
                  <th scope="row">
                    <span title={def.description}>{def.group ? `${def.group}: ${def.label}` : def.label}</span>
                  </th>
                  <td>
                    {formatMetric(cell.value, def.decimals) ?? (
                      <span className="font-normal text-fg-subtle">{def.kind === "reward-model" ? "not scored" : "–"}</span>
                    )}
                  </td>
                  <td>{formatInterval(cell.ciLow, cell.ciHigh, def.decimals) ?? "–"}</td>
                  <td>{formatCount(cell.n) ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
