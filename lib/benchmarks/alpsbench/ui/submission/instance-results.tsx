import Link from "next/link";
import { formatCount } from "@/lib/leaderboard/format";
import { describeMetric, formatScore, metricOrder, trackLabel } from "./metric-text";
import { type InstanceResultsPage, type InstanceSummary } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { InstanceDetails } from "./instance-details";
import { SectionHeading } from "@/components/section-heading";
import { SelectOptions } from "@/components/select-options";

/** The metrics shown in an instance's summary line, per task: the headline ones, not all of them. */
const SUMMARY_METRICS: Record<string, string[]> = {
  task1: ["algo_score_100", "precision", "recall", "f1", "final_score"],
  task2: ["algo_score_100", "precision", "recall", "f1", "action_accuracy"],
  task3: ["recall", "judge_recall"],
  task4: ["score", "ei_en", "ei_zh"],
};

function query(params: { track: string; page: number; misses: boolean; q: string; split: string | null }): string {
  const q = new URLSearchParams({ track: params.track });
  if (params.q) q.set("q", params.q);
  if (params.split) q.set("split", params.split);
  if (params.page > 1) q.set("page", String(params.page));
  if (params.misses) q.set("misses", "1");
  return q.toString();
}

/** `itemsApi`: the viewer may read this run's predictions, so the JSON of its items (…/instances) is offered. */
export function InstanceResults({ submissionId, data, itemsApi = false }: { submissionId: string; data: InstanceResultsPage; itemsApi?: boolean }) {
  const task = data.track.split("/")[0]!;
  const id = encodeURIComponent(submissionId);
  const from = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const to = Math.min(data.total, data.page * data.pageSize);
  const params = { track: data.track, q: data.q, split: data.split };
  const pageLink = (page: number, rel: "prev" | "next", text: string) => (
    <Link
      className="text-accent underline underline-offset-2"
      href={`/submissions/${id}?${query({ ...params, page, misses: data.onlyMisses })}#instances-title`}
      rel={rel}
    >
      {text}
    </Link>
  );
  return (
    <section aria-labelledby="instances-title" className="space-y-3" data-testid="instance-results">
      <div>
        <SectionHeading id="instances-title">Per instance</SectionHeading>
        <p className="text-sm text-fg-muted">
          Dev and validation instances only: their gold is public, so each result can be explained. Test-split instances count in the metrics above but are never
          listed{data.withheldTest > 0 ? ` (${formatCount(data.withheldTest)} on this track)` : ""}. Every public instance is in the per-instance downloads above.
        </p>
      </div>

      <form method="get" action={`/submissions/${id}#instances-title`} className="flex flex-wrap items-end gap-3 text-sm" data-testid="instance-filter">
        {data.tracks.length > 1 ? (
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-fg-muted">Track</span>
            <select name="track" defaultValue={data.track} className="rounded-md border border-line bg-surface px-2 py-1 text-fg">
              <SelectOptions items={data.tracks} value={(t) => t} label={(t) => trackLabel(t)} />
            </select>
          </label>
        ) : (
          <input type="hidden" name="track" value={data.track} />
        )}
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-fg-muted">Search id or text</span>
          <input
            type="search"
            name="q"
            defaultValue={data.q}
            maxLength={200}
            className="rounded-md border border-line bg-surface px-2 py-1 text-fg"
            data-testid="instance-search"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-fg-muted">Split</span>
          <select name="split" defaultValue={data.split ?? ""} className="rounded-md border border-line bg-surface px-2 py-1 text-fg">
            <option value="">dev and validation</option>
            <option value="dev">dev</option>
            <option value="validation">validation</option>
          </select>
        </label>
        {task !== "task4" ? (
          <label className="flex items-center gap-2 py-1">
            <input type="checkbox" name="misses" value="1" defaultChecked={data.onlyMisses} className="size-4 accent-accent" />
            <span className="text-fg">Only misses {task === "task3" ? "(wrong pick)" : "(F1 below 1)"}</span>
          </label>
        ) : null}
        <button type="submit" className="rounded-md border border-line bg-surface px-3 py-1 font-medium text-fg hover:bg-surface-hover">
          Apply
        </button>
        <span className="text-fg-muted" data-testid="instance-range">
          {data.total === 0 ? "no instances" : `${formatCount(from)}–${formatCount(to)} of ${formatCount(data.total)}`}
          {data.onlyMisses ? " misses" : ""}
          {data.q ? ` matching “${data.q}”` : ""}
        </span>
        {itemsApi ? (
          <a
            className="text-accent underline underline-offset-2"
            href={`/api/v1/submissions/${id}/instances?${query({ ...params, page: data.page, misses: false })}`}
            data-items-json
          >
            JSON (gold, predictions, verdicts)
          </a>
        ) : null}
      </form>

      {!data.predictionsShown ? (
        <p className="text-sm text-fg-muted" data-testid="predictions-not-shown">
          This upload&apos;s predictions are not published (its submitter did not opt in): they are shown only to the submitter and admins. Here each instance&apos;s
          scores and its matching as recorded at scoring time.
        </p>
      ) : null}

      {data.total === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted" data-testid="no-instances">
          {data.withheldTest > 0 && !data.onlyMisses
            ? "This submission covers only the test split: its per-instance results are not published (hidden gold)."
            : data.q
              ? "No public instance matches this search."
              : data.onlyMisses
                ? "No misses on the public splits."
                : "No per-instance results on the public splits."}
        </p>
      ) : (
        <ol className="divide-y divide-line rounded-lg border border-line bg-surface">
          {data.rows.map((row) => (
            <InstanceRow key={row.benchmarkId} row={row} task={task} track={data.track} submissionId={submissionId} />
          ))}
        </ol>
      )}

      {data.pages > 1 ? (
        <nav aria-label="Per-instance pages" className="flex items-center justify-between gap-3 text-sm">
          {data.page > 1 ? pageLink(data.page - 1, "prev", "← Previous") : <span />}
          <span className="text-fg-muted">
            Page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? pageLink(data.page + 1, "next", "Next →") : <span />}
        </nav>
      ) : null}
    </section>
  );
}

/** A row's summary line is server-rendered; what opens under it is fetched then (InstanceDetails). */
function InstanceRow({ row, task, track, submissionId }: { row: InstanceSummary; task: string; track: string; submissionId: string }) {
  const shown = (SUMMARY_METRICS[task] ?? []).filter((m) => m in row.metrics).sort((a, b) => metricOrder(track, a) - metricOrder(track, b));
  const others = Object.keys(row.metrics)
    .filter((m) => !shown.includes(m))
    .sort((a, b) => metricOrder(track, a) - metricOrder(track, b));
  return (
    <li data-testid="instance-row" data-benchmark-id={row.benchmarkId}>
      <InstanceDetails
        submissionId={submissionId}
        track={track}
        benchmarkId={row.benchmarkId}
        summary={
          <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-2 text-sm select-none">
            <span className="font-mono text-[0.8125rem] break-all text-fg">{row.benchmarkId}</span>
            <span className="text-xs text-fg-subtle">{row.split}</span>
            {row.predicted === false ? <span className="rounded-full border border-line-strong px-1.5 text-xs text-fg-muted">no prediction row</span> : null}
            <span className="flex flex-wrap gap-x-3 text-fg-muted">
              {shown.map((m) => (
                <span key={m}>
                  {describeMetric(track, m).label}{" "}
                  <span className="num font-semibold text-fg">{formatScore(track, m, typeof row.metrics[m] === "number" ? (row.metrics[m] as number) : null)}</span>
                </span>
              ))}
            </span>
          </summary>
        }
      >
        {others.length > 0 ? (
          <p className="text-xs text-fg-muted">
            {others
              .map((m) => `${describeMetric(track, m).label} ${typeof row.metrics[m] === "number" ? formatScore(track, m, row.metrics[m] as number) : "–"}`)
              .join(" · ")}
          </p>
        ) : null}
      </InstanceDetails>
    </li>
  );
}
