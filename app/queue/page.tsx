import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/leaderboard/format";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { ProgressBar } from "@/components/progress-bar";
import { STATUS_LABEL } from "@/components/submission-status";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getQueueView } from "@/lib/db/queries/queue";
import { heldUploads } from "@/lib/submissions/held-uploads";
import { dataVersionLabel, getBenchmark, trackLabel } from "@/lib/benchmarks";
import { AutoRefresh } from "./_components/auto-refresh";
import { JUDGE_SETTINGS } from "@/lib/submissions/judge-settings";
import { SectionHeading } from "@/components/section-heading";

type QueueView = Awaited<ReturnType<typeof getQueueView>>;
type Identity = QueueView["recent"][number];

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Scoring queue" };

const REFRESH_SECONDS = 5;

function trackText(tracks: string[]): string {
  return tracks.map(trackLabel).join(", ") || "–";
}

function duration(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.max(0, Math.round(seconds));
  if (s < 1) return "under 1 s";
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, "0")} min`;
  return `${Math.floor(h / 24)} days`;
}

const UTC = (iso: string) => `${iso.slice(0, 16).replace("T", " ")}`;

function Name({ entry }: { entry: Pick<Identity, "id" | "system" | "private"> & { held?: boolean } }) {
  // held for review: its page is its owner's and the moderators' until a moderator approves it
  if (entry.held)
    return (
      <span className="font-medium">
        {entry.system} <span className="text-xs font-normal text-fg-subtle">(held for review)</span>
      </span>
    );
  return (
    <>
      <Link href={`/submissions/${entry.id}`} className="font-medium text-accent underline decoration-accent/30 underline-offset-2 hover:decoration-accent">
        {entry.system}
      </Link>
      {entry.private ? <span className="ml-1.5 text-xs text-fg-subtle">(private)</span> : null}
    </>
  );
}

function Scope({ entry }: { entry: Pick<Identity, "tracks" | "benchmark" | "split"> }) {
  return (
    <span className="text-fg-muted">
      {trackText(entry.tracks)}
      {/* a module's track label already names it, and a module has no splits */}
      {getBenchmark(entry.benchmark) ? null : (
        <span className="text-fg-subtle">
          {" "}
          · {dataVersionLabel(entry.benchmark)} · {entry.split}
        </span>
      )}
    </span>
  );
}

const th = "px-3 py-2 text-left text-xs font-medium tracking-wide text-fg-muted uppercase";
const td = "px-3 py-2 align-top";

export default async function QueuePage() {
  const user = await getSessionUser();
  const queue = await getQueueView(db(), user && { id: user.id, role: user.role });
  const held = user?.role === "admin" ? await heldUploads(db()) : null;

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Submissions"
        title="Scoring queue"
        description="Uploads are scored one job at a time per worker, oldest first. Private submissions count in the totals and keep their place in line; only their owner sees them listed."
        actions={
          <Link href="/submit" className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong">
            Submit predictions
          </Link>
        }
      >
        <AutoRefresh seconds={REFRESH_SECONDS} renderedAt={queue.generatedAt} />
      </PageHeader>

      <dl className="grid grid-cols-3 gap-3 sm:max-w-xl">
        {[
          ["Running", queue.running.total],
          ["Waiting", queue.waiting.total],
          ["Recently finished", queue.recent.length],
        ].map(([label, value]) => (
          <div key={String(label)} className="rounded-lg border border-line bg-surface px-3 py-2.5">
            <dt className="text-xs font-medium text-fg-muted">{label}</dt>
            <dd className="num text-xl font-semibold text-fg">{formatCount(Number(value))}</dd>
          </div>
        ))}
      </dl>

      {held ? (
        // moderators only: uploads the review rule holds (a new best: the gold is public), with the reason; approve
        // or reject each with POST /api/v1/submissions/{id}/moderation {action: "approve" | "reject", reason}
        <section aria-labelledby="held-title" className="space-y-3" data-testid="held-for-review">
          <SectionHeading id="held-title">Held for review ({formatCount(held.length)})</SectionHeading>
          {held.length === 0 ? (
            <p className="text-sm text-fg-muted">No upload is waiting for a moderator.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {held.map((h) => (
                <li key={h.id} data-held={h.id}>
                  <Name entry={{ id: h.id, system: h.system, private: false }} /> <Scope entry={{ ...h, split: h.split as Identity["split"] }} />{" "}
                  <span className="text-fg-subtle">
                    · {UTC(h.createdAt)} UTC · {h.review.board}
                  </span>
                  <p className="text-fg-muted">{h.review.reason}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <Section id="running" title="Running" empty={queue.running.jobs.length === 0 && "Nothing is being scored right now."}>
        <ul className="grid gap-3 md:grid-cols-2">
          {queue.running.jobs.map((entry) => {
            const p = entry.progress;
            const judged = p.judge.done + p.judge.cached + p.judge.failed;
            return (
              <li key={entry.id} className="rounded-lg border border-line bg-surface p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <Name entry={entry} />
                  <span className="rounded-full border border-accent/40 bg-accent-soft px-2 py-px text-xs font-medium text-accent">
                    {STATUS_LABEL[entry.status]}
                  </span>
                </div>
                <p className="mt-1 text-sm">
                  <Scope entry={entry} />
                </p>
                <ProgressBar
                  className="mt-3"
                  label="Instances scored"
                  value={p.total > 0 ? p.done : null}
                  max={p.total}
                  valueText={p.total > 0 ? `${formatCount(p.done)} of ${formatCount(p.total)}` : "starting"}
                />
                <p className="mt-2 text-[0.8125rem] text-fg-muted">
                  Running for {duration(entry.runningSeconds)}
                  {judged > 0
                    ? ` · judge calls ${formatCount(p.judge.done)} done, ${formatCount(p.judge.cached)} cached, ${formatCount(p.judge.failed)} failed`
                    : ""}
                </p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="waiting" title="Waiting" empty={queue.waiting.jobs.length === 0 && "No submission is waiting."}>
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">Submissions waiting to be scored, next first</caption>
            <TableHead
              className="bg-surface-muted"
              cellClassName={th}
              cells={[["#", `${th} w-10 text-right`], "System", ["Track", `${th} hidden sm:table-cell`], ["Waiting", `${th} text-right`]]}
            />
            <tbody>
              {queue.waiting.jobs.map((entry) => (
                <tr key={entry.id} className="border-t border-line">
                  <td className={`${td} num text-right text-fg-muted`}>{entry.position}</td>
                  <td className={td}>
                    <Name entry={entry} />
                    <div className="text-[0.8125rem] sm:hidden">
                      <Scope entry={entry} />
                    </div>
                  </td>
                  <td className={`${td} hidden sm:table-cell`}>
                    <Scope entry={entry} />
                  </td>
                  <td className={`${td} num text-right whitespace-nowrap text-fg-muted`}>{duration(entry.waitingSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {queue.waiting.total > queue.waiting.jobs.length ? (
            <p className="border-t border-line px-3 py-2 text-sm text-fg-muted">and {formatCount(queue.waiting.total - queue.waiting.jobs.length)} more</p>
          ) : null}
        </div>
      </Section>

      <Section id="finished" title="Recently finished" empty={queue.recent.length === 0 && "No upload has finished yet."}>
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">The latest finished submissions, newest first, with how long each waited and ran</caption>
            <TableHead
              className="bg-surface-muted"
              cellClassName={th}
              cells={[
                "System",
                ["Track", `${th} hidden md:table-cell`],
                "Result",
                ["Finished (UTC)", `${th} hidden sm:table-cell`],
                ["Ran", `${th} text-right`],
                ["Waited", `${th} hidden text-right sm:table-cell`],
              ]}
            />
            <tbody>
              {queue.recent.map((entry) => (
                <tr key={entry.id} className="border-t border-line">
                  <td className={td}>
                    <Name entry={entry} />
                    <div className="text-[0.8125rem] md:hidden">
                      <Scope entry={entry} />
                    </div>
                  </td>
                  <td className={`${td} hidden md:table-cell`}>
                    <Scope entry={entry} />
                  </td>
                  <td className={td}>
                    {entry.judgeWaiting ? (
                      <span
                        data-judge-waiting
                        title={`Scored except its judge metrics: no LLM judge is configured on this server (its operator sets ${JUDGE_SETTINGS}; a worker started with them judges it)`}
                        className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-px text-xs font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
                      >
                        scored except the judge: waiting for a judge
                      </span>
                    ) : entry.status === "done" ? (
                      <span className="inline-flex items-center gap-1 rounded-full border border-tier-verified-line bg-tier-verified-bg px-2 py-px text-xs font-medium text-tier-verified-fg">
                        <span aria-hidden="true">✓</span> done
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-px text-xs font-medium text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
                        <span aria-hidden="true">✕</span> failed
                      </span>
                    )}
                  </td>
                  <td className={`${td} num hidden whitespace-nowrap text-fg-muted sm:table-cell`}>{entry.finishedAt ? UTC(entry.finishedAt) : "–"}</td>
                  <td className={`${td} num text-right whitespace-nowrap text-fg`}>{duration(entry.runSeconds)}</td>
                  <td className={`${td} num hidden text-right whitespace-nowrap text-fg-muted sm:table-cell`}>{duration(entry.waitSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </div>
  );
}

/** A list of the queue: its title, then its entries or, when it has none, a line that says so. */
function Section({ id, title, empty, children }: { id: string; title: string; empty: string | false; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <SectionHeading id={`${id}-title`}>{title}</SectionHeading>
      {empty ? <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">{empty}</p> : children}
    </section>
  );
}
