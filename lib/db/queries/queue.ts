import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { uploadReviewState } from "@/lib/submissions/review-state";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { submissionProgressSelect } from "./submission-progress-select";

/**
 * The public queue: uploads waiting, running (with progress) and recently finished (with durations), read
 * from the Submission rows the worker updates (not from pg-boss's tables: those know jobs, not what a job is
 * scoring or how far it got). A private or hidden submission is listed only to its owner and to admins (marked
 * `private: true`); everyone else sees it only in the totals, and in the gap it leaves in the waiting positions.
 * Its track, split and times would tell others what a private upload is doing and when.
 */

const RUNNING = ["validating", "scoring", "judging"] as const;
const LIST_LIMIT = 50;

const select = {
  ...submissionProgressSelect,
  ownerId: true,
  system: { select: { name: true, slug: true } },
} as const;

type Row = Awaited<ReturnType<typeof loadRows>>[number];

function loadRows(db: Db, where: Prisma.SubmissionWhereInput, orderBy: Prisma.SubmissionOrderByWithRelationInput, take: number) {
  return db.submission.findMany({ where: { source: "upload", ...where }, orderBy, take, select });
}

const seconds = (from: Date | null, to: Date | null): number | null => (from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null);

/** Who reads the queue: null for a visitor. */
type QueueViewer = { id: string; role: "user" | "admin" } | null;

const isPublic = (row: Row) => row.visibility === "public" && row.hiddenAt === null;

/** Whether the viewer may see this entry at all: public ones, and private or hidden ones of their own (admins: all). */
function listedFor(viewer: QueueViewer, row: Row): boolean {
  return isPublic(row) || (viewer !== null && (viewer.role === "admin" || viewer.id === row.ownerId));
}

function identity(row: Row) {
  return { id: row.id, private: !isPublic(row), system: row.system.name, systemSlug: row.system.slug };
}

export async function getQueueView(db: Db, viewer: QueueViewer, now = new Date()) {
  const [waiting, running, recent, waitingTotal, runningTotal] = await Promise.all([
    loadRows(db, { status: "queued" }, { createdAt: "asc" }, LIST_LIMIT),
    loadRows(db, { status: { in: [...RUNNING] } }, { startedAt: "asc" }, LIST_LIMIT),
    loadRows(db, { status: { in: ["done", "failed"] }, finishedAt: { not: null } }, { finishedAt: "desc" }, 20),
    db.submission.count({ where: { source: "upload", status: "queued" } }),
    db.submission.count({ where: { source: "upload", status: { in: [...RUNNING] } } }),
  ]);
  const base = (row: Row) => ({
    ...identity(row),
    tracks: row.tracks,
    split: row.split,
    benchmark: row.benchmarkVersion.slug,
    createdAt: row.createdAt.toISOString(),
  });
  // a finished upload held for review (or rejected) is shown to its owner and the moderators only: listed here by
  // name for everyone, linked only for them (its page is a 404 to anyone else: lib/leaderboard/review-hold.ts)
  const held = new Set<string>();
  for (const row of recent) {
    if (row.status !== "done" || !isPublic(row) || (viewer !== null && (viewer.role === "admin" || viewer.id === row.ownerId))) continue;
    const review = await uploadReviewState(db, { ...row, hidden: false, benchmark: row.benchmarkVersion.slug, source: "upload" });
    if (review?.state === "pending" || review?.state === "rejected") held.add(row.id);
  }
  // done but for the judge metrics (no judge is configured; a worker started with one judges it), as each upload's
  // benchmark says: one read of that alone (not its uploads' whole facts) per data version among the finished uploads listed
  const awaitingJudge = new Set<string>();
  const done = recent.filter((row) => row.status === "done" && listedFor(viewer, row));
  for (const benchmark of new Set(done.map((row) => row.benchmarkVersion.slug))) {
    const ids = done.filter((row) => row.benchmarkVersion.slug === benchmark).map((row) => row.id);
    for (const id of (await benchmarkOfDataVersion(benchmark).uploadsAwaitingJudge?.(db, ids)) ?? []) awaitingJudge.add(id);
  }
  const progress = (row: Row) => ({
    done: row.progressDone,
    total: row.progressTotal,
    judge: { done: row.judgeCalls?.done ?? 0, cached: row.judgeCalls?.cached ?? 0, failed: row.judgeCalls?.failed ?? 0 },
    lastProgressAt: row.lastProgressAt?.toISOString() ?? null,
  });
  return {
    generatedAt: now.toISOString(),
    waiting: {
      total: waitingTotal,
      // the position is the place in the whole line, so an unlisted private entry leaves a gap, not a lie
      jobs: waiting
        .map((row, index) => ({ row, position: index + 1 }))
        .filter(({ row }) => listedFor(viewer, row))
        .map(({ row, position }) => ({ position, ...base(row), waitingSeconds: seconds(row.createdAt, now) })),
    },
    running: {
      total: runningTotal,
      jobs: running
        .filter((row) => listedFor(viewer, row))
        .map((row) => ({
          ...base(row),
          status: row.status,
          startedAt: row.startedAt?.toISOString() ?? null,
          runningSeconds: seconds(row.startedAt, now),
          progress: progress(row),
        })),
    },
    recent: recent
      .filter((row) => listedFor(viewer, row))
      .map((row) => ({
        ...base(row),
        status: row.status,
        held: held.has(row.id),
        // the API field kept its name when the column left Submission (UploadFacts.awaitingJudge)
        judgeWaiting: awaitingJudge.has(row.id),
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        waitSeconds: seconds(row.createdAt, row.startedAt),
        runSeconds: seconds(row.startedAt, row.finishedAt),
        totalSeconds: seconds(row.createdAt, row.finishedAt),
        instances: row.progressTotal,
      })),
  };
}
