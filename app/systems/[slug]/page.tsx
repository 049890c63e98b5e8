import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { formatCount } from "@/lib/leaderboard/format";
import { KIND_LABEL, KindBadge } from "@/components/kind-badge";
import { PageHeader } from "@/components/page-header";
import { safeExternalUrl, TierBadge } from "@/components/tier-badge";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getSystemPage, type SystemSubmission } from "@/lib/db/queries/system-page";
import { heldFromViewer } from "@/lib/submissions/held-visibility";
import { scoreHistory } from "@/lib/leaderboard/score-history";
import { trackLabel } from "@/lib/benchmarks";
import { describeMetric, formatScore, formatScoreInterval, metricOrder, trackOrder } from "../_lib/metric-format";
import { ScoreNotes, ScoreTable, type ScoreRow } from "./_components/score-table";
import { HistoryChart, type HistoryChartSeries } from "./_components/history-chart";
import { systemHistory, type SystemHistoryEntry } from "@/lib/systems/system-history";
import { SectionHeading } from "@/components/section-heading";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";

const load = cache(async (slug: string) => {
  const user = await getSessionUser();
  const viewer = user ? { id: user.id, role: user.role } : null;
  const page = await getSystemPage(db(), slug, viewer);
  if (!page) return null;
  // a run held for review (or rejected) is shown to its owner and the moderators only (held-visibility.ts)
  const shown = [];
  for (const submission of page.submissions) if (!(await heldFromViewer(db(), submission.id, viewer))) shown.push(submission);
  if (shown.length === 0 && page.submissions.length > 0) return null;
  return { ...page, submissions: shown };
});

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const data = await load((await params).slug);
  return { title: data?.system.name ?? "System not found" };
}

/** A system's paper or code link: a link when it is http(s), its text otherwise. */
function ExternalLink({ href }: { href: string | null }) {
  const safe = safeExternalUrl(href);
  if (!safe) return href ? <span className="break-all text-fg-muted">{href}</span> : <span className="text-fg-subtle">–</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-accent underline underline-offset-2">
      {href}
    </a>
  );
}

export default async function SystemPage({ params }: { params: Promise<{ slug: string }> }) {
  const data = await load((await params).slug);
  if (!data) notFound();
  const { system, submissions } = data;
  const history = await systemHistory(db(), system.id);
  // every hover note of the score tables, listed before the tables render: the list is shipped once, ahead of them
  const notes = noteList();
  for (const score of submissions.flatMap((s) => s.current)) {
    notes.of(describeMetric(score.trackId, score.metric).description);
    if (score.kind === "judge" && score.judgeProfile) notes.of(score.judgeProfile);
  }
  const facts: [string, ReactNode][] = [
    ["Organisation", system.organisation ?? "–"],
    ["Backbone", system.backbone ?? "–"],
    ["Open weights", system.openWeights === null ? "unknown" : system.openWeights ? "yes" : "no"],
    ["Paper", <ExternalLink key="paper" href={system.paperUrl} />],
    ["Code", <ExternalLink key="code" href={system.codeUrl} />],
    ["Submissions", formatCount(submissions.length) ?? "0"],
  ];
  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow={<KindBadge kind={system.kind} />}
        title={system.name}
        description={system.description ?? undefined}
        actions={
          <Link
            href={`/compare?a=${encodeURIComponent(system.slug)}`}
            className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-hover"
            data-testid="compare-link"
          >
            Compare with another system
          </Link>
        }
      />

      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="system-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
            <dd className="mt-0.5 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>

      {history.length > 0 ? <ChangeHistory entries={history} /> : null}

      <section aria-labelledby="submissions-title" className="space-y-4">
        <div>
          <SectionHeading id="submissions-title">Submissions</SectionHeading>
          <p className="text-sm text-fg-muted">
            Current scores per task: means over instances with n and 95% bootstrap confidence intervals. Older score versions are kept as history below each
            submission.
          </p>
        </div>
        {submissions.length === 0 ? <p className="text-sm text-fg-muted">No submission of this system is visible to you.</p> : null}
        <ScoreNotes notes={notes.list}>
          {groupByRun(submissions).map((group) =>
            group.runId === null ? (
              <SubmissionCard key={group.items[0]!.id} submission={group.items[0]!} notes={notes} />
            ) : (
              <div key={group.runId} className="space-y-3 rounded-lg border border-dashed border-line p-2 sm:p-3" data-testid="system-run" data-run-id={group.runId}>
                <p className="text-sm text-fg-muted">
                  <TextLink href={`/runs/${encodeURIComponent(group.runId)}`}>
                    Run of {group.items.length} {group.items.length === 1 ? "track" : "tracks"}
                  </TextLink>{" "}
                  · uploaded together {group.items[0]!.createdAt.slice(0, 10)}
                </p>
                {group.items.map((submission) => (
                  <SubmissionCard key={submission.id} submission={submission} notes={notes} />
                ))}
              </div>
            ),
          )}
        </ScoreNotes>
      </section>

      <p>
        <TextLink href="/">Back to the leaderboard</TextLink>
      </p>
    </div>
  );
}

/** The page's distinct hover notes, each written once; a score row points at its note by index. */
interface NoteList {
  list: string[];
  of: (text: string) => number;
}

function noteList(): NoteList {
  const list: string[] = [];
  const at = new Map<string, number>();
  return {
    list,
    of: (text) => {
      let i = at.get(text);
      if (i === undefined) at.set(text, (i = list.push(text) - 1));
      return i;
    },
  };
}

/** A run's submissions together (in the order of its first one); every other submission on its own. */
function groupByRun(submissions: readonly SystemSubmission[]): { runId: string | null; items: SystemSubmission[] }[] {
  const groups: { runId: string | null; items: SystemSubmission[] }[] = [];
  const byRun = new Map<string, SystemSubmission[]>();
  for (const submission of submissions) {
    const items = submission.runId === null ? undefined : byRun.get(submission.runId);
    if (items) items.push(submission);
    else {
      groups.push({ runId: submission.runId, items: [submission] });
      if (submission.runId !== null) byRun.set(submission.runId, groups.at(-1)!.items);
    }
  }
  return groups;
}

function SubmissionCard({ submission, notes }: { submission: SystemSubmission; notes: NoteList }) {
  const title = submission.sourceLabel ?? (submission.source === "seed" ? "Scored by this server" : "Uploaded predictions");
  const byTrack = new Map<string, SystemSubmission["current"]>();
  for (const score of submission.current) byTrack.set(score.trackId, [...(byTrack.get(score.trackId) ?? []), score]);
  for (const scores of byTrack.values()) scores.sort((a, b) => metricOrder(a.trackId, a.metric) - metricOrder(b.trackId, b.metric));
  return (
    <article className="space-y-3 rounded-lg border border-line bg-surface p-3 sm:p-4" data-testid="system-submission" data-submission-id={submission.id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <TierBadge tier={submission.tier} sourceUrl={submission.sourceUrl} sourceLabel={submission.sourceLabel} />
        <h3 className="font-semibold text-fg">
          {submission.source === "reported" ? title : <TextLink href={`/submissions/${encodeURIComponent(submission.id)}`}>{title}</TextLink>}
        </h3>
        <span className="text-sm text-fg-subtle">
          {submission.benchmark.name} · split {submission.split} · {submission.createdAt.slice(0, 10)}
        </span>
        {submission.status !== "done" ? <span className="rounded-full border border-line-strong px-2 py-px text-xs text-fg-muted">{submission.status}</span> : null}
        {submission.visibility === "private" ? (
          <span className="rounded-full border border-line-strong px-2 py-px text-xs text-fg-muted">private: only you and admins</span>
        ) : null}
        {submission.hidden ? <span className="rounded-full border border-line-strong px-2 py-px text-xs text-fg-muted">hidden by a moderator</span> : null}
      </header>
      {submission.note ? <p className="text-sm text-fg-muted">{submission.note}</p> : null}
      {byTrack.size === 0 ? <p className="text-sm text-fg-muted">No scores yet.</p> : null}
      <div className="grid gap-3 xl:grid-cols-2">
        {[...byTrack.entries()].map(([trackId, scores]) => (
          <div key={trackId} className="overflow-x-auto rounded-md border border-line">
            <ScoreTable
              caption={trackLabel(trackId)}
              rows={scores.map((score): ScoreRow => {
                const def = describeMetric(score.trackId, score.metric);
                const interval = formatScoreInterval(score.trackId, score.metric, score.ciLow, score.ciHigh);
                const row: ScoreRow = [
                  def.label,
                  notes.of(def.description),
                  formatScore(score.trackId, score.metric, score.value),
                  interval,
                  formatCount(score.n) ?? "–",
                ];
                if (score.kind === "judge") row.push(score.judgeProfile ? notes.of(score.judgeProfile) : -1);
                return row;
              })}
            />
          </div>
        ))}
      </div>
      {submission.history.length > 0 ? <History submission={submission} /> : null}
    </article>
  );
}

function History({ submission }: { submission: SystemSubmission }) {
  const tables = scoreHistory(submission.history, submission.currentVersions, { track: trackOrder, metric: metricOrder });
  const versionCount = tables.reduce((n, t) => n + t.versions.length, 0);
  return (
    <details className="group rounded-md border border-line" data-testid="score-history" open={versionCount > tables.length}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-fg select-none">
        Score history{" "}
        <span className="font-normal text-fg-muted">
          ({tables.map((t) => `${t.versions.length} ${t.kind} version${t.versions.length === 1 ? "" : "s"}`).join(", ")})
        </span>
      </summary>
      <div className="space-y-4 border-t border-line p-3">
        {tables.map((table) => {
          const series: HistoryChartSeries[] = table.rows
            .filter((row) => row.values.filter((v) => v !== null).length > 1)
            .slice(0, 6)
            .map((row) => ({
              key: `${row.trackId}:${row.metric}`,
              label: `${trackLabel(row.trackId)} · ${describeMetric(row.trackId, row.metric).label}`,
              values: row.values,
            }));
          return (
            <div key={table.kind} className="space-y-2">
              <div className="overflow-x-auto">
                <table className="history-table w-full text-sm" data-testid={`history-${table.kind}`}>
                  <caption className="pb-1 text-left text-xs font-medium tracking-wide text-fg-muted uppercase">
                    {table.kind === "judge" ? "Judge metrics by judge profile" : "Deterministic metrics by scorer version"}
                  </caption>
                  <thead className="text-fg-muted">
                    <tr>
                      <th scope="col">Metric</th>
                      {table.versions.map((v) => (
                        <th key={v.scoreVersion} scope="col" title={`${v.scoreVersion}, first computed ${v.firstComputedAt.slice(0, 16).replace("T", " ")} UTC`}>
                          <span className="font-mono text-xs">{v.label}</span>
                          {v.current ? <span className="ml-1 text-xs text-accent">(current)</span> : null}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row) => (
                      <tr key={`${row.trackId}:${row.metric}`}>
                        <th scope="row">
                          <span className="font-mono text-xs text-fg-muted">{row.trackId}</span> {describeMetric(row.trackId, row.metric).label}
                          {row.changed ? <span className="ml-1 text-xs text-tier-reported-fg">changed</span> : null}
                        </th>
                        {row.values.map((value, i) => (
                          <td key={i} className="num">
                            {formatScore(row.trackId, row.metric, value)}
                            <span>{row.n[i] === null ? "" : `n=${formatCount(row.n[i])}`}</span>
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {table.versions.length > 1 && series.length > 0 ? <HistoryChart versions={table.versions.map((v) => v.label)} series={series} /> : null}
            </div>
          );
        })}
      </div>
    </details>
  );
}

/** A kind change reads with the kinds' labels ("LLM → memory system"); a rename as stored ("Old" → "New"). */
const changeText = (entry: SystemHistoryEntry) =>
  entry.what === "kind changed" ? entry.change.replace(/[a-z_]+/g, (kind) => KIND_LABEL[kind as keyof typeof KIND_LABEL] ?? kind) : entry.change;

/** What the owner changed of the system (lib/systems/change-system.ts), oldest first: its earlier names and kinds. */
function ChangeHistory({ entries }: { entries: SystemHistoryEntry[] }) {
  return (
    <section aria-labelledby="history-title" className="space-y-2" data-testid="system-history">
      <SectionHeading id="history-title">History</SectionHeading>
      <p className="text-sm text-fg-muted">Changes its owner made to the system&apos;s name and kind; its address and its rows stay the same.</p>
      <ul className="space-y-1 text-sm">
        {entries.map((entry, i) => (
          <li key={i} className="text-fg">
            <span className="text-fg-muted">{`${entry.at.slice(0, 16).replace("T", " ")} UTC`}</span> {entry.what}: {changeText(entry)}
          </li>
        ))}
      </ul>
    </section>
  );
}
