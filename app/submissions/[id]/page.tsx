import { TierBadge } from "@/components/tier-badge";
import { MetricsTableHead } from "./_components/metrics-table-head";
import { ContaminationNotice } from "@/lib/benchmarks/alpsbench/ui/submission/contamination-notice";
import { BaselineNotice } from "@/lib/benchmarks/alpsbench/ui/submission/baseline-notice";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { formatCount, formatInterval, formatMetric } from "@/components/format";
import { ModerationPanel } from "@/components/moderation-panel";
import { PageHeader } from "@/components/page-header";
import type { SubmissionStatusData } from "@/components/submission-status";
import { getSessionUser } from "@/lib/auth/session";
import { benchmarkOfDataVersion, getBenchmark, getTrack, hostedTrack, trackLabel } from "@/lib/benchmarks";
import { moduleTrackId } from "@/lib/benchmarks/module-rows";
import { db } from "@/lib/db/client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { DEFAULT_SORT } from "@/lib/benchmarks/alpsbench/read/metrics";
import { noisedDecimals } from "@/lib/leaderboard/noised-figure";
import { isPipelineBenchmark, type MetricDefinition } from "@/lib/benchmarks/types";
import { packUrl } from "@/lib/packs/pack-url";
import { mayReadPredictions } from "@/lib/submissions/prediction-access";
import { countWithheldTestInstances, getDimensionBreakdown } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import { getInstanceResultsPage } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { DimensionBreakdown } from "@/lib/benchmarks/alpsbench/ui/submission/dimension-breakdown";
import { InstanceResults } from "@/lib/benchmarks/alpsbench/ui/submission/instance-results";
import { LiveStatus } from "./_components/live-status";
import { ModuleItems } from "./_components/module-items";
import { ModuleResults } from "./_components/module-results";
import { mayReadModuleItems, moduleItemsPage, readItemsQuery } from "@/lib/db/queries/module-items";
import { shortProfileHash } from "@/lib/worker/reward-source";

export const dynamic = "force-dynamic";

/** One read per request for both generateMetadata and the page; the read model decides visibility. */
const load = cache(async (id: string) => {
  const user = await getSessionUser();
  return getSubmissionStatus(db(), id, user ? { id: user.id, role: user.role } : null);
});

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

const BENCHMARK_LABEL: Record<string, string> = { "alpsbench-v1": "AlpsBench", demo: "Demo (synthetic)" };

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

function formatBytes(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

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
    judgeCallsDone: submission.progress.judge.done,
    judgeCallsCached: submission.progress.judge.cached,
    judgeCallsFailed: submission.progress.judge.failed,
    failureReason: submission.failureReason,
    queuePosition: submission.queuePosition,
  };
  const createdAt = new Date(submission.createdAt);
  const startedAt = submission.startedAt ? new Date(submission.startedAt) : null;
  const finishedAt = submission.finishedAt ? new Date(submission.finishedAt) : null;
  const file = "file" in submission ? submission.file : null;

  // a pipeline benchmark's tracks (AlpsBench's, or any other's): their metrics as the benchmark declares them
  const tracks = submission.tracks.filter((t) => {
    const hosted = hostedTrack(t);
    return hosted !== null && isPipelineBenchmark(hosted.benchmark);
  });
  // an upload to a registered benchmark module: its own track and metric declarations
  // eslint-disable-next-line @next/next/no-assign-module-variable -- a function-scoped const in an ES module, never CommonJS's `module`
  const module = getBenchmark(submission.benchmark);
  const moduleTrackIdOf = module && submission.tracks[0] ? moduleTrackId(module, submission.tracks[0]) : null;
  const moduleTrack = module && moduleTrackIdOf ? getTrack(module, moduleTrackIdOf) : null;
  const trackTitle = submission.tracks.length > 2 ? `${submission.tracks.length} tracks` : submission.tracks.map(trackLabel).join(", ") || "no track";

  const facts: [string, ReactNode][] = [
    ["Benchmark", module?.title ?? BENCHMARK_LABEL[submission.benchmark] ?? declaredVersionTitle(submission.benchmark) ?? submission.benchmark],
    ["Split", submission.split === "full" ? "full (every instance)" : submission.split],
    ...(file?.name ? [["File", `${file.name}${file.size !== null ? ` · ${formatBytes(file.size)}` : ""}`] as [string, ReactNode]] : []),
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
    ...(submission.rewardSource
      ? [
          [
            "Reward scores",
            <span key="rewards" data-rewards-from-service title={submission.rewardSource.models.map((m) => `${m.alias}: ${m.model}@${m.revision}`).join("\n")}>
              {`rewards from service: ${shortProfileHash(submission.rewardSource.profileHash)}`} ({submission.rewardSource.serviceScores} scores)
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
  ];
  // a module upload's per-item rows: one page of 50, sorted by the database; who may see them is the track's call
  const itemRows = submission.status === "done" ? moduleTrack?.itemRows : undefined;
  const viewer = user ? { id: user.id, role: user.role } : null;
  const items =
    itemRows && mayReadModuleItems(submission, viewer, itemRows)
      ? await moduleItemsPage(
          db(),
          submission.id,
          readItemsQuery(itemRows, { page: first(query.items_page), sort: first(query.items_sort), dir: first(query.items_dir) }),
        )
      : null;

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
            <Link href={`/systems/${submission.system.slug}`} className="text-accent underline underline-offset-2">
              System page
            </Link>
          )
        }
        actions={
          user ? (
            <Link href="/submit" className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover">
              New submission
            </Link>
          ) : null
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

      {submission.contamination ? <ContaminationNotice figures={submission.contamination} /> : null}
      {submission.status === "done" && !module && tracks.includes("task2") ? (
        <BaselineNotice
          benchmark={submission.benchmark}
          split={submission.split}
          value={rowsFor(submission, "task2").find((r) => r.metric === DEFAULT_SORT.task2)?.value}
        />
      ) : null}

      <LiveStatus id={submission.id} initial={initial} />

      {submission.status === "done" && module && moduleTrack ? (
        <ModuleResults
          title={trackTitle}
          metrics={moduleTrack.metrics}
          cells={submission.metrics}
          leaderboardHref={`/benchmarks/${module.id}`}
          note={submission.note}
        />
      ) : null}
      {items && itemRows ? <ModuleItems submissionId={submission.id} decl={itemRows} data={items} /> : null}
      {submission.status === "done" && !module ? <Results submission={submission} tracks={tracks} /> : null}
      {submission.status === "done" && submission.source !== "reported" && !module ? (
        <Breakdowns
          submission={submission}
          isAdmin={user?.role === "admin"}
          // the uploaded file's content: its owner and admins, or anyone when the submitter published it (lib/submissions/prediction-access.ts)
          viewer={viewer}
          track={first(query.track)}
          q={first(query.q)}
          split={first(query.split)}
          page={Number.parseInt(first(query.page) ?? "1", 10) || 1}
          onlyMisses={first(query.misses) === "1"}
        />
      ) : null}
    </div>
  );
}

/** The title of the benchmark that declares a data version (an imported one keeps its slug). */
function declaredVersionTitle(slug: string): string | null {
  const owner = benchmarkOfDataVersion(slug);
  return isPipelineBenchmark(owner) && owner.pipeline.dataVersions.includes(slug) ? owner.title : null;
}

type MetricRow = { metric: string; def: MetricDefinition } & Loaded["metrics"][string];

/** The metrics the leaderboard defines for a track, in its column order; the breakdown downloads hold everything. */
function rowsFor(submission: Loaded, track: string): MetricRow[] {
  const defs = hostedTrack(track)?.track.metrics ?? [];
  // One track: keys are metric ids. Several: "<track>:<metric>" (lib/db/queries/submission-status.ts).
  const multi = Object.keys(submission.metrics).some((key) => key.includes(":"));
  return defs.flatMap((def) => {
    const cell = submission.metrics[multi ? `${track}:${def.id}` : def.id];
    return cell ? [{ metric: def.id, def, ...cell }] : [];
  });
}

/** A figure of an upload published noised: a test-split upload's at its rounding step, a full upload's whole figure without one. */
function noisedOf(submission: Loaded, metric: string): { step: number | null } | null {
  if (!submission.testFigureNoise) return null;
  const step = submission.split === "test" ? submission.testFigureNoise.steps[metric] : undefined;
  return { step: typeof step === "number" ? step : null };
}

function Results({ submission, tracks }: { submission: Loaded; tracks: string[] }) {
  const id = encodeURIComponent(submission.id);
  const download = "rounded-md border border-line bg-surface px-2.5 py-1 text-[0.8125rem] font-medium text-accent hover:bg-surface-hover";
  const perTrack = tracks.map((track) => ({ track, rows: rowsFor(submission, track) }));
  const empty = perTrack.filter((t) => t.rows.length === 0).map((t) => trackLabel(t.track));
  return (
    <section aria-labelledby="metrics-title" className="space-y-4">
      <div>
        <h2 id="metrics-title" className="text-lg font-semibold text-fg">
          Metrics
        </h2>
        <p className="text-sm text-fg-muted">Means over instances with 95% bootstrap confidence intervals; n is the number of instances.</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm" role="group" aria-labelledby="breakdown-title">
        <span id="breakdown-title" className="font-medium text-fg">
          Download the breakdown
        </span>
        {(["instance", "dimension"] as const).map((level) => (
          <span key={level} className="inline-flex items-center gap-1.5">
            <span className="text-fg-muted">per {level}</span>
            {(["csv", "json"] as const).map((format) => (
              <a
                key={format}
                className={download}
                href={`/api/v1/submissions/${id}/breakdown?level=${level}&format=${format}`}
                download
                aria-label={`Per-${level} breakdown as ${format.toUpperCase()}`}
              >
                {format.toUpperCase()}
              </a>
            ))}
          </span>
        ))}
        {submission.source === "reported" ? null : (
          <a
            className={download}
            href={packUrl(submission.id)}
            download
            data-pack-link
            title="manifest with hashes and figures, per-instance results, predictions where published; re-score it offline with `alpsbench verify` (docs/reproducibility.md)"
          >
            Reproducibility pack (zip)
          </a>
        )}
        {submission.source === "reported" ? null : (
          <a
            className={download}
            href="#instances-title"
            data-items-link
            title="each public instance's scores, gold, prediction (where published) and judge verdicts"
          >
            Browse per-instance items
          </a>
        )}
      </div>
      {perTrack.map(({ track, rows }) =>
        rows.length === 0 ? null : (
          <div key={track} className="overflow-x-auto rounded-lg border border-line bg-surface">
            <table className="w-full min-w-[22rem] table-fixed text-sm" data-testid="metrics-table">
              <caption className="px-4 pt-3 pb-2 text-left font-medium text-fg">{trackLabel(track)}</caption>
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
                    <tr key={row.metric} className="border-t border-line">
                      <th scope="row" className="px-3 py-2 text-left font-normal text-fg sm:px-4">
                        <span title={row.def.description}>{row.def.label}</span>
                        {row.def.kind === "judge" ? (
                          <span className="ml-2 rounded-full border border-judge-line bg-judge-bg px-1.5 py-px text-[0.6875rem] font-medium whitespace-nowrap text-judge-fg">
                            judge
                          </span>
                        ) : null}
                      </th>
                      <td className="num px-3 py-2 text-right font-semibold text-fg sm:px-4">
                        {noised && value !== null ? <abbr title="Published with random noise and rounded (see the note above)">≈</abbr> : null}
                        {value ?? <span className="font-normal text-fg-subtle">{row.def.kind === "judge" ? "not judged" : "–"}</span>}
                      </td>
                      <td className="num px-3 py-2 text-right whitespace-nowrap text-fg-muted sm:px-4">{formatInterval(row.ciLow, row.ciHigh, decimals) ?? "–"}</td>
                      <td className="num px-3 py-2 text-right text-fg-muted sm:px-4">{formatCount(row.n) ?? "–"}</td>
                      <td className="hidden truncate px-4 py-2 font-mono text-[0.75rem] text-fg-subtle sm:table-cell" title={row.judgeProfile ?? row.scoreVersion}>
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
          {tracks.some((t) => t.startsWith("task4")) ? ": Task 4 is scored by an LLM judge only, and none has judged this submission." : "."}
        </p>
      ) : null}
    </section>
  );
}

/** Per-dimension means and the explained per-instance list (public splits only; see getInstanceResultsPage). */
async function Breakdowns({
  submission,
  isAdmin,
  viewer,
  track,
  q,
  split,
  page,
  onlyMisses,
}: {
  submission: Loaded;
  isAdmin: boolean;
  viewer: { id: string; role: "user" | "admin" } | null;
  track: string | undefined;
  q: string | undefined;
  split: string | undefined;
  page: number;
  onlyMisses: boolean;
}) {
  const database = db();
  const versions = await currentScoreVersions(database, submission.id, submission.scorerVersion);
  const access = await database.submission.findUniqueOrThrow({ where: { id: submission.id }, select: { source: true, publishPredictions: true, ownerId: true } });
  const showUploadedPredictions = mayReadPredictions(access, viewer);
  // Same rule as the breakdown API, so the page and its downloads agree: admins' dimension means include the test split.
  const [dimensions, withheldTest, instances] = await Promise.all([
    getDimensionBreakdown(database, submission.id, versions, isAdmin, "domain"),
    isAdmin ? Promise.resolve(0) : countWithheldTestInstances(database, submission.id, versions),
    getInstanceResultsPage(
      database,
      { id: submission.id, tracks: submission.tracks, scorerVersion: submission.scorerVersion, source: submission.source },
      {
        track,
        page,
        onlyMisses,
        showUploadedPredictions,
        q: q?.slice(0, 200),
        split: split === "dev" || split === "validation" ? split : undefined,
      },
    ),
  ]);
  return (
    <>
      <DimensionBreakdown groups={dimensions.groups} metrics={dimensions.metrics} withheldTest={withheldTest} submissionId={submission.id} />
      {instances ? <InstanceResults submissionId={submission.id} data={instances} itemsApi={showUploadedPredictions} /> : null}
    </>
  );
}
