import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { withTask3Candidates } from "@/lib/benchmarks/alpsbench/read/queries/task3-pools";
import { TrackId, type Split } from "@/lib/benchmarks/alpsbench/track-ids";
import { REFUND_NOTE, SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";

/**
 * The instances one submission is scored on, WITH GOLD: for the scoring worker only (like
 * lib/benchmarks/alpsbench/read/queries/scorable-instances.ts, nothing here may reach a page or an API response).
 */
export type SubmissionScope = {
  submissionId: string;
  benchmarkVersionId: string;
  track: TrackId;
  /** undefined: every split ("full") */
  splits: Split[] | undefined;
};

export type ScopeInstance = { id: string; benchmarkId: string; input: unknown; gold: unknown; meta: unknown };

/** Submission.tracks[0] is the track; split "full" means every split. */
export function submissionScope(submission: { id: string; benchmarkVersionId: string; tracks: string[]; split: "full" | Split }): SubmissionScope {
  const track = TrackId.safeParse(submission.tracks[0]);
  if (!track.success) {
    throw new SubmissionScoringError(`This submission names no track we can score (${JSON.stringify(submission.tracks)}). ${REFUND_NOTE}`, true);
  }
  return {
    submissionId: submission.id,
    benchmarkVersionId: submission.benchmarkVersionId,
    track: track.data,
    splits: submission.split === "full" ? undefined : [submission.split],
  };
}

/** Instances of the scope that have gold (hidden-gold instances cannot be scored on this server). */
export function scopeWhere(scope: SubmissionScope): Prisma.InstanceWhereInput {
  return {
    benchmarkVersionId: scope.benchmarkVersionId,
    trackId: scope.track,
    ...(scope.splits ? { split: { in: scope.splits } } : {}),
    gold: { isNot: null },
  };
}

export function countScopeInstances(db: Db, scope: SubmissionScope): Promise<number> {
  return db.instance.count({ where: scopeWhere(scope) });
}

/** How many of the scope's instances already have a result row under `scoreVersion`. */
export function countScopeResults(db: Pick<Db, "instanceResult">, scope: SubmissionScope, scoreVersion: string): Promise<number> {
  return db.instanceResult.count({ where: { submissionId: scope.submissionId, scoreVersion, instance: scopeWhere(scope) } });
}

/**
 * Whether a phase reads the model input: the deterministic scorer only for Task 2 (the memory pool) and Task 4
 * (the queries), the judge only for Task 3 (the question) and Task 4. A Task 3 input carries up to 1,000
 * candidate memories, so it is not loaded when nothing reads it.
 */
export function phaseReadsInput(track: TrackId, phase: "score" | "judge"): boolean {
  const task = track.split("/")[0];
  return phase === "score" ? task === "task2" || task === "task4" : task === "task3" || task === "task4";
}

type LoadOptions = { withInput: boolean; take?: number; pendingVersion?: string };

async function loadScopeInstances(db: Db, scope: SubmissionScope, options: LoadOptions): Promise<ScopeInstance[]> {
  const rows = await db.instance.findMany({
    where: {
      ...scopeWhere(scope),
      ...(options.pendingVersion ? { results: { none: { submissionId: scope.submissionId, scoreVersion: options.pendingVersion } } } : {}),
    },
    select: { id: true, benchmarkId: true, input: options.withInput, meta: true, gold: { select: { gold: true } } },
    orderBy: { benchmarkId: "asc" },
    ...(options.take !== undefined ? { take: options.take } : {}),
  });
  const loaded = rows.map((row) => ({ id: row.id, benchmarkId: row.benchmarkId, input: row.input ?? null, meta: row.meta, gold: row.gold?.gold ?? null }));
  return options.withInput && scope.track.startsWith("task3/") ? withTask3Candidates(db, loaded) : loaded;
}

/**
 * Up to `take` instances of the scope without a result row under `scoreVersion`, in benchmark-id order: the next
 * chunk. Instances already scored are never loaded again, which is what makes a restarted job resume.
 */
export function pendingScopeInstances(db: Db, scope: SubmissionScope, scoreVersion: string, take: number, withInput: boolean): Promise<ScopeInstance[]> {
  return loadScopeInstances(db, scope, { withInput, take, pendingVersion: scoreVersion });
}

/** Every instance of the scope, in benchmark-id order (the aggregate step's full re-run). */
export function allScopeInstances(db: Db, scope: SubmissionScope, withInput: boolean): Promise<ScopeInstance[]> {
  return loadScopeInstances(db, scope, { withInput });
}
