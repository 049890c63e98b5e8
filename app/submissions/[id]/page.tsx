import { TierBadge } from "@/components/tier-badge";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { ModerationPanel } from "@/components/moderation-panel";
import { ReviewNotice } from "@/components/review-notice";
import { uploadReviewState } from "@/lib/submissions/review-state";
import { PageHeader } from "@/components/page-header";
import { formatBytes } from "@/components/upload-form/styles";
import type { SubmissionStatusData } from "@/components/submission-status";
import { getSessionUser } from "@/lib/auth/session";
import { benchmarkOfDataVersion, dataVersionLabel, hostedTrack, trackLabel } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { db } from "@/lib/db/client";
import { LiveStatus } from "./_components/live-status";
import { moduleSections } from "./_components/module-sections";
import { pipelineSections } from "./_components/pipeline-sections";
import { shortProfileHash } from "@/lib/rewards/reward-source";
import { coverageSentence } from "@/lib/submissions/coverage-text";
import { JUDGE_SETTINGS } from "@/lib/submissions/judge-settings";
import { shownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";

/** One read per request for both generateMetadata and the page; the read model decides visibility. */
const load = cache(async (id: string) => {
  const user = await getSessionUser();
  return shownSubmissionStatus(db(), id, user ? { id: user.id, role: user.role } : null);
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const submission = await load(id);
  if (!submission) return { title: "Not found" };
  return { title: `Submission: ${submission.system.name}`, robots: submission.visibility === "private" ? { index: false } : undefined };
}

const UTC = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 1) return "under 1 s";
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SubmissionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const query = await searchParams;
  const submission = await load(id);
  if (!submission) notFound();
  const user = await getSessionUser();

  const initial: SubmissionStatusData = {
    status: submission.status,
    progressDone: submission.progress.done,
    progressTotal: submission.progress.total,
    judge: submission.progress.judge,
    failureReason: submission.failureReason,
    queuePosition: submission.queuePosition,
  };
  const createdAt = new Date(submission.createdAt);
  const startedAt = submission.startedAt ? new Date(submission.startedAt) : null;
  const finishedAt = submission.finishedAt ? new Date(submission.finishedAt) : null;
  const file = "file" in submission ? submission.file : null;

  const trackTitle = submission.tracks.length > 2 ? `${submission.tracks.length} tracks` : submission.tracks.map(trackLabel).join(", ") || "no track";

  // the page says "waiting for a judge" once, here, naming what waits; its tables mark those cells "waiting"
  const waitingMetrics = submission.tracks.flatMap((t) => (hostedTrack(t)?.track.metrics ?? []).filter((m) => m.kind === "judge").map((m) => m.label));
  // a fact whose value is null is left out
  const facts = (
    [
      ["Benchmark", dataVersionLabel(submission.benchmark)],
      ["Split", submission.split === "full" ? "full (every instance)" : submission.split],
      ["File", file?.name ? `${file.name}${file.size !== null ? ` · ${formatBytes(file.size)}` : ""}` : null],
      [
        "Judge",
        submission.facts.awaitingJudge && submission.status === "done" ? (
          <span key="judge" data-testid="submission-judge-waiting" className="font-medium text-amber-800 dark:text-amber-300">
            {`scored except the judge: waiting for a judge${waitingMetrics.length > 0 ? ` for ${waitingMetrics.join(", ")}` : ""} (no LLM judge is configured on this server; its operator sets ${JUDGE_SETTINGS}, and a worker started with them judges it)`}
          </span>
        ) : null,
      ],
      [
        "Coverage",
        submission.coverage ? (
          <span
            key="coverage"
            data-testid="submission-coverage"
            className={submission.coverage.covered < submission.coverage.expected ? "font-medium text-amber-800 dark:text-amber-300" : undefined}
          >
            {coverageSentence(submission.coverage)}
          </span>
        ) : null,
      ],
      ["Submitted", UTC(createdAt)],
      [
        "Ran",
        submission.source !== "upload"
          ? submission.source === "reported"
            ? "reported figures, not run here"
            : "scored when the site was set up"
          : startedAt
            ? finishedAt
              ? `${duration(finishedAt.getTime() - startedAt.getTime())} (waited ${duration(startedAt.getTime() - createdAt.getTime())})`
              : `since ${UTC(startedAt)}`
            : "not started",
      ],
      ["Visibility", submission.visibility === "private" ? "private (only you and admins)" : "public"],
      ["Tier", <TierBadge key="tier" tier={submission.tier} />],
      [
        "Reward scores",
        submission.rewardSource ? (
          <span key="rewards" data-rewards-from-service title={submission.rewardSource.models.map((m) => `${m.alias}: ${m.model}@${m.revision}`).join("\n")}>
            {`rewards from service: ${shortProfileHash(submission.rewardSource.profileHash)}`} ({submission.rewardSource.serviceScores} scores)
          </span>
        ) : null,
      ],
    ] satisfies [string, ReactNode][]
  ).filter(([, value]) => value !== null);
  const viewer = user ? { id: user.id, role: user.role } : null;
  // its results and what its benchmark adds around them (the one-call scorer's track metrics and item rows, else the
  // metric tables its tracks declare with its `submissionPage` hooks)
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, v);
  const sections = await capabilitiesOf(benchmarkOfDataVersion(submission.benchmark)).pageSections(
    (oneCall) => moduleSections(db(), oneCall, submission, viewer, search, trackTitle),
    () => pipelineSections(db(), submission, viewer, search),
  );
  // held for review, rejected, approved or unranked below a contentless row: what its board rows say
  const review = await uploadReviewState(db(), submission);

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={`Submission · ${trackTitle}`}
        title={submission.system.name}
        description={
          submission.system.organisation ? (
            <>
              {submission.system.organisation} ·{" "}
              <Link href={`/systems/${submission.system.slug}`} className="text-accent underline underline-offset-2">
                system page
              </Link>
            </>
          ) : (
            <TextLink href={`/systems/${submission.system.slug}`}>System page</TextLink>
          )
        }
        actions={
          // for every viewer alike (a visitor is asked to sign in there): the page is the same for all but its owner
          <Link href="/submit" className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover">
            New submission
          </Link>
        }
      />

      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
            <dd className="mt-0.5 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>

      <ModerationPanel submission={submission} viewerRole={user?.role ?? null} />

      <ReviewNotice review={review} />

      {sections.notices}

      <LiveStatus id={submission.id} initial={initial} />

      {sections.results}
      {sections.details}
    </div>
  );
}
