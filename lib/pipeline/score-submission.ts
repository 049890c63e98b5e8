import { setTimeout as sleep } from "node:timers/promises";
import { getBenchmark } from "@/lib/benchmarks";
import type { Db } from "@/lib/db/create-client";
import { ensureJudgeProfileRow } from "@/lib/db/judge-profile-row";
import { PostgresJudgeCache } from "@/lib/db/postgres-judge-cache";
import { getInstanceSplits } from "@/lib/db/queries/instance-splits";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { JudgeMeter, liveJudgeFromEnv, stableStringify } from "@/lib/judge";
import { parseScoreJobPayload } from "@/lib/queue/payload";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import { queueTiming } from "@/lib/queue/timing";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";
import { loadPublicValueIndex, recordContamination } from "./contamination-check";
import type { RewardSetup } from "./fill-reward-scores";
import { testPrivacyNote } from "@/lib/leaderboard/test-split-privacy";
import { persistTrackScore } from "./persist-track-score";
import { publishedJudgeAggregates } from "./published-judge-aggregates";
import { storedTestRow, testFigureDraw } from "./test-figures";
import { scoreModuleSubmission } from "./score-module-submission";
import { SCORER_VERSION, scoreTrack } from "./score-track";
import { scoreVersionFor } from "./score-version-for";
import { isSubmitterDataError, markSubmissionFailed, REFUND_NOTE, SUBMITTER_DATA_REASON, SubmissionScoringError } from "./submission-failure";
import {
  allScopeInstances,
  countScopeInstances,
  countScopeResults,
  pendingScopeInstances,
  phaseReadsInput,
  type ScopeInstance,
  scopeWhere,
  type SubmissionScope,
  submissionScope,
} from "./submission-instances";
import { type JudgedInstance, judgeInstance, type JudgeSetup, judgeScoreVersion, judgeTemplateFor, notJudged } from "./submission-judge";
import { JobSupersededError, type JobControl } from "./submission-job-control";
import { type StoredPredictions, storedPredictions } from "./submission-predictions";

export { JobSupersededError, type JobControl } from "./submission-job-control";
export { SubmissionScoringError } from "./submission-failure";

/**
 * The scoring worker's job handler. A submission is scored in steps, one step per queue job (pg-boss 10 has no
 * heartbeat, so no job may run long):
 *
 *   1. score: up to `chunkSize` instances without a result row (stopping early at `budgetMs`), their
 *      InstanceResult rows written with skipDuplicates; progress updated. Repeated until every instance has one.
 *   2. aggregate: scoreTrack over ALL the instances with the stored file's rows (deterministic), its per-instance
 *      results checked equal to the stored rows, Scores upserted; status → judging (judge configured) or done.
 *   3. judge: up to a chunk of instances without a judge row, through the PostgreSQL judge cache. Repeated.
 *   4. judge aggregate: judge Scores from the stored judge rows; status → done.
 *
 * Each step reads what is already stored to decide what to do, so a step run twice (a retry after a crash, a
 * duplicate delivery) redoes nothing that was committed, and never repeats a judge call that completed. Each step
 * commits in ONE transaction that also claims the job and queues the next one (JobControl), so at most one
 * execution of a step commits. Returns "done" when the submission reached done or failed.
 */
export type RunScoreJobOptions = {
  /** instances per chunk (default WORKER_CHUNK_SIZE) */
  chunkSize?: number;
  /** instances per judge chunk (default: the chunk size, at most 4 × JUDGE_CONCURRENCY) */
  judgeChunkSize?: number;
  /** a chunk stops taking instances after this long (default: 40 % of WORKER_CHUNK_EXPIRE_SECONDS) */
  budgetMs?: number;
  /** judge calls still running after this long are aborted and asked again by the next chunk */
  judgeBudgetMs?: number;
  /** the judge; default: the one configured by JUDGE_* (null: judge metrics stay "not judged") */
  judge?: JudgeSetup | null;
  /** the reward service of module tracks with response-text rows; default: REWARD_SERVICE_* (null: "not scored") */
  rewards?: RewardSetup | null;
  /** reward-service batches one module step may send at most (default: see reward-chunk.ts) */
  rewardBatchesPerStep?: number;
  /** set when run by the queue */
  control?: JobControl;
  /** tests only: a pause before a chunk commits, to kill a worker in the middle of one */
  testDelayMs?: number;
  log?: (line: string) => void;
};

type Step = "score" | "aggregate" | "judge" | "judge-aggregate";

const SUBMISSION_FIELDS = {
  id: true,
  status: true,
  scorerVersion: true,
  tracks: true,
  split: true,
  benchmarkVersionId: true,
  fileSha256: true,
  fileSize: true,
  startedAt: true,
  progressTotal: true,
  systemId: true,
  createdAt: true,
  source: true,
  benchmarkVersion: { select: { slug: true, isDemo: true } },
} as const;

type SubmissionRow = Prisma.SubmissionGetPayload<{ select: typeof SUBMISSION_FIELDS }>;
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const TX_OPTIONS = { timeout: 120_000, maxWait: 30_000 };

export async function runScoreJob(db: Db, payload: ScoreJobPayload, options: RunScoreJobOptions = {}): Promise<"continued" | "done"> {
  const { submissionId, scoreVersion } = parseScoreJobPayload(payload);
  const log = options.log ?? (() => {});
  const submission = await db.submission.findUnique({ where: { id: submissionId }, select: SUBMISSION_FIELDS });
  if (!submission) {
    log(`submission ${submissionId}: no longer exists; nothing to score`);
    await commitStep(db, options.control, { jobOutput: { skipped: "submission deleted" } }, async () => {});
    return "done";
  }
  // Finished submissions are left alone: a re-score resets the row first (scripts/cli/rescore.ts).
  if (submission.status === "failed" || submission.status === "done") {
    await commitStep(db, options.control, { jobOutput: { skipped: `submission is ${submission.status}` } }, async () => {});
    return "done";
  }
  if (submission.scorerVersion !== null && submission.scorerVersion !== scoreVersion) {
    log(`submission ${submissionId}: is being scored under ${submission.scorerVersion}; this job (${scoreVersion}) is stale`);
    await commitStep(db, options.control, { jobOutput: { skipped: `stale job for ${scoreVersion}` } }, async () => {});
    return "done";
  }
  // AlpsBench's SCORER_VERSION, or the module track's own version (score-version-for.ts)
  const current = scoreVersionFor({ benchmark: submission.benchmarkVersion.slug, tracks: submission.tracks });
  if (scoreVersion !== current) {
    // Another release's worker may still run that version (rolling deploy): retryable, and our failure if none does.
    throw new Error(`this worker scores with ${current}; the job asks for ${scoreVersion}`);
  }

  try {
    // An upload to a registered benchmark module: the module's pure scorer (after the reward step's chunks, if any).
    const module = getBenchmark(submission.benchmarkVersion.slug);
    if (module) {
      const commit = (write: (tx: Tx) => Promise<void>, jobOutput: Record<string, unknown>, next?: "score") =>
        commitStep(db, options.control, { jobOutput, next }, write);
      return await scoreModuleSubmission(db, module, submission, current, commit, log, {
        rewards: options.rewards,
        budgetMs: options.budgetMs,
        rewardBatchesPerStep: options.rewardBatchesPerStep,
      });
    }
    const scope = submissionScope(submission);
    const judgeSetup = options.judge === undefined ? liveJudgeFromEnv(env(), { maxRetries: 2 }) : options.judge;
    const step = await nextStep(db, submission, scope, judgeSetup);
    switch (step) {
      case "score":
        return await scoreChunk(db, submission, scope, options);
      case "aggregate":
        return await aggregate(db, submission, scope, judgeSetup, options);
      case "judge":
        return await judgeChunk(db, submission, scope, judgeSetup!, options);
      case "judge-aggregate":
        return await judgeAggregate(db, submission, scope, judgeSetup, options);
    }
  } catch (caught) {
    // A value of the submitter's file that PostgreSQL refuses fails every retry the same way: fail it now, as theirs.
    const error =
      !(caught instanceof SubmissionScoringError) && isSubmitterDataError(caught)
        ? new SubmissionScoringError(SUBMITTER_DATA_REASON, false, String((caught as Error).message ?? caught))
        : caught;
    if (!(error instanceof SubmissionScoringError)) throw error;
    log(`submission ${submissionId}: failed: ${error.message}`);
    await commitStep(db, options.control, { jobOutput: { failed: error.reason } }, async (tx) => {
      await markSubmissionFailed(tx, submissionId, error.reason, error.isOurs);
    });
    return "done";
  }
}

async function nextStep(db: Db, submission: SubmissionRow, scope: SubmissionScope, judgeSetup: JudgeSetup | null): Promise<Step> {
  if (submission.status !== "judging") {
    const total = await countScopeInstances(db, scope);
    if (total === 0) {
      throw new SubmissionScoringError(
        `There are no ${scope.track} instances with reference answers${scope.splits ? ` in the ${scope.splits.join("/")} split` : ""} on this server, so nothing could be scored. ${REFUND_NOTE}`,
        true,
      );
    }
    const done = await countScopeResults(db, scope, SCORER_VERSION);
    return done < total ? "score" : "aggregate";
  }
  if (!judgeSetup) return "judge-aggregate";
  const version = judgeScoreVersion(judgeSetup.profileFor(judgeTemplateFor(scope.track)));
  const [total, judged] = await Promise.all([countScopeInstances(db, scope), countScopeResults(db, scope, version)]);
  return judged < total ? "judge" : "judge-aggregate";
}

/**
 * The step's single transaction: claim the job (if run by the queue), write, then queue the next step and
 * complete the job. A lost claim rolls everything back.
 */
async function commitStep(
  db: Db,
  control: JobControl | undefined,
  plan: { next?: "score" | "judge"; jobOutput: Record<string, unknown> },
  write: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const exec = prismaExecutor(tx);
    if (control && !(await control.claim(exec))) throw new JobSupersededError(control.jobId);
    await write(tx);
    if (control) await control.finish(exec, plan.next ? { phase: plan.next } : null, plan.jobOutput);
  }, TX_OPTIONS);
}

function predictionsOf(db: Db, submission: SubmissionRow, scope: SubmissionScope): Promise<StoredPredictions> {
  return storedPredictions({ submissionId: submission.id, fileSha256: submission.fileSha256, fileSize: submission.fileSize, track: scope.track }, async () => {
    const row = await db.submission.findUnique({ where: { id: submission.id }, select: { fileBytes: true } });
    return row?.fileBytes ?? null;
  });
}

const SCORE_BATCH = 25;

async function scoreChunk(db: Db, submission: SubmissionRow, scope: SubmissionScope, options: RunScoreJobOptions): Promise<"continued"> {
  const started = Date.now();
  const timing = queueTiming(env());
  const chunkSize = options.chunkSize ?? timing.chunkSize;
  const budgetMs = options.budgetMs ?? timing.chunkBudgetMs;
  const predictions = await predictionsOf(db, submission, scope);
  const pending = await pendingScopeInstances(db, scope, SCORER_VERSION, chunkSize, phaseReadsInput(scope.track, "score"));
  const data: Prisma.InstanceResultCreateManyInput[] = [];
  for (let start = 0; start < pending.length; start += SCORE_BATCH) {
    const batch = pending.slice(start, start + SCORE_BATCH);
    // Per-instance results depend only on the instance and its first valid row: scoring a batch gives exactly
    // what scoring the whole file gives for these instances (checked again at the aggregate step).
    const result = scoreTrack(scope.track, batch, predictions.rowsFor(batch.map((i) => i.benchmarkId)), { seed: submission.id });
    result.instances.forEach((scored, k) => {
      const instance = batch[k]!;
      if (instance.benchmarkId !== scored.benchmarkId) throw new Error(`scoreTrack returned ${scored.benchmarkId} where ${instance.benchmarkId} was expected`);
      data.push({
        submissionId: submission.id,
        instanceId: instance.id,
        scoreVersion: result.scorerVersion,
        metrics: { predicted: scored.predicted, ...scored.metrics },
        detail: scored.detail as Prisma.InputJsonValue,
      });
    });
    if (Date.now() - started > budgetMs) break;
  }
  if (options.testDelayMs) await sleep(options.testDelayMs);
  let done = 0;
  let total = 0;
  await commitStep(db, options.control, { next: "score", jobOutput: { step: "score", scored: data.length } }, async (tx) => {
    for (let start = 0; start < data.length; start += 1000) {
      await tx.instanceResult.createMany({ data: data.slice(start, start + 1000), skipDuplicates: true });
    }
    [done, total] = await Promise.all([countScopeResults(tx, scope, SCORER_VERSION), tx.instance.count({ where: scopeWhere(scope) })]);
    const now = new Date();
    // updateMany: a submission failed meanwhile (by an administrator) is not brought back
    await tx.submission.updateMany({
      where: { id: submission.id, status: { not: "failed" } },
      data: {
        status: "scoring",
        scorerVersion: SCORER_VERSION,
        progressDone: done,
        progressTotal: total,
        lastProgressAt: now,
        startedAt: submission.startedAt ?? now,
      },
    });
  });
  options.log?.(`submission ${submission.id}: scored ${done}/${total} ${scope.track} instances (${data.length} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return "continued";
}

/** Stored metrics and scoreTrack's, compared whatever the key order jsonb gave back. */
function sameMetrics(stored: unknown, computed: Record<string, unknown>): boolean {
  return stableStringify(stored) === stableStringify(JSON.parse(JSON.stringify(computed)));
}

async function aggregate(
  db: Db,
  submission: SubmissionRow,
  scope: SubmissionScope,
  judgeSetup: JudgeSetup | null,
  options: RunScoreJobOptions,
): Promise<"continued" | "done"> {
  const started = Date.now();
  const predictions = await predictionsOf(db, submission, scope);
  // the same instances as lib/db/queries/scorable-instances.ts, without inputs the scorer does not read
  const instances = await allScopeInstances(db, scope, phaseReadsInput(scope.track, "score"));
  // a run on every instance is also aggregated per split, so the split views can rank it
  const splits = scope.splits === undefined ? await getInstanceSplits(db, scope.benchmarkVersionId, scope.track) : null;
  // an upload's test-split figures are stored as published: noised and rounded (test-figures.ts)
  const isTest = (id: string) => (scope.splits ? scope.splits.includes("test") : splits?.get(id) === "test");
  const testDraw = await testFigureDraw(db, submission, scope.track, [...predictions.byId.keys()].some(isTest));
  const full = scoreTrack(scope.track, instances, predictions.rows, { seed: submission.id, ...(splits ? { splitOf: (id: string) => splits.get(id) } : {}) });
  const stored = await db.instanceResult.findMany({
    where: { submissionId: submission.id, scoreVersion: SCORER_VERSION, instance: scopeWhere(scope) },
    select: { metrics: true, instance: { select: { benchmarkId: true } } },
  });
  const storedById = new Map(stored.map((row) => [row.instance.benchmarkId, row.metrics]));
  const differing = full.instances.filter((scored) => !sameMetrics(storedById.get(scored.benchmarkId), { predicted: scored.predicted, ...scored.metrics }));
  if (differing.length > 0) {
    // A scorer that is not deterministic is our bug: never publish aggregates that disagree with the rows.
    throw new SubmissionScoringError(
      `Scoring gave inconsistent results on this submission; we have been alerted. ${REFUND_NOTE}`,
      true,
      `${differing.length} stored per-instance results differ from a full re-run, e.g. ${differing[0]!.benchmarkId}`,
    );
  }
  const judging = judgeSetup !== null;
  // Task 1: the contamination check runs on every submission (its public-input index is built outside the step)
  const contamination = scope.track === "task1" ? await loadPublicValueIndex(db, scope.benchmarkVersionId) : null;
  await commitStep(db, options.control, { next: judging ? "judge" : undefined, jobOutput: { step: "aggregate", n: full.n } }, async (tx) => {
    const published = await persistTrackScore(tx, submission.id, scope.benchmarkVersionId, full, testDraw ?? undefined);
    const note = testPrivacyNote(published);
    if (note) await tx.submission.update({ where: { id: submission.id }, data: { note } });
    if (contamination) {
      const subject = { id: submission.id, systemId: submission.systemId, benchmarkVersionId: scope.benchmarkVersionId, createdAt: submission.createdAt };
      await recordContamination(
        tx,
        subject,
        predictions.rows.map((r) => r.value),
        contamination,
        // a full run is also measured split by split (a copy on one split must not hide behind junk on another)
        { mayFlag: submission.source === "upload", splitOf: splits ? (id) => splits.get(id) : undefined },
      );
    }
    const now = new Date();
    await tx.submission.update({
      where: { id: submission.id },
      data: {
        status: judging ? "judging" : "done",
        scorerVersion: SCORER_VERSION,
        progressDone: full.n,
        progressTotal: full.n,
        lastProgressAt: now,
        ...(judging ? {} : { finishedAt: now }),
      },
    });
  });
  options.log?.(
    `submission ${submission.id}: ${scope.track} aggregates over ${full.n} instances (${((Date.now() - started) / 1000).toFixed(1)} s); ${judging ? "judging next" : "done (no judge configured: judge metrics not judged)"}`,
  );
  return judging ? "continued" : "done";
}

async function judgeChunk(db: Db, submission: SubmissionRow, scope: SubmissionScope, setup: JudgeSetup, options: RunScoreJobOptions): Promise<"continued"> {
  const started = Date.now();
  const config = env();
  const timing = queueTiming(config);
  const profile = setup.profileFor(judgeTemplateFor(scope.track));
  const version = judgeScoreVersion(profile);
  const take = options.judgeChunkSize ?? Math.min(options.chunkSize ?? timing.chunkSize, 4 * config.JUDGE_CONCURRENCY);
  const predictions = await predictionsOf(db, submission, scope);
  const pending = await pendingScopeInstances(db, scope, version, take, phaseReadsInput(scope.track, "judge"));
  // Before any call: the cache's first writes would otherwise all race to create the profile row, and a lost
  // race leaves a paid call uncached.
  const profileRow = await ensureJudgeProfileRow(db, profile);
  const meter = new JudgeMeter();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.judgeBudgetMs ?? timing.judgeBudgetMs);
  let judged: JudgedInstance[];
  try {
    const deps = { provider: setup.provider, profile, cache: new PostgresJudgeCache(db), meter, signal: controller.signal };
    judged = await Promise.all(pending.map((instance: ScopeInstance) => judgeInstance(scope.track, instance, predictions.byId.get(instance.benchmarkId), deps)));
  } finally {
    clearTimeout(timer);
  }
  // Unanswered instances are asked again by the next chunk; the last attempt stores them as not judged, so a
  // judge that never answers ends the submission (with its deterministic scores) instead of looping.
  const lastAttempt = !options.control || options.control.retryCount >= options.control.retryLimit;
  const toWrite = judged.filter((j) => j.complete).concat(lastAttempt ? judged.filter((j) => !j.complete).map(notJudged) : []);
  if (toWrite.length === 0 && pending.length > 0) {
    const failure = judged.find((j) => j.failure)?.failure ?? "no answer";
    throw new Error(`the judge answered none of ${pending.length} instances (${failure})`);
  }
  const usage = meter.snapshot();
  const failedCalls = usage.callFailures - (usage.failuresByCode.aborted ?? 0);
  let done = 0;
  let total = 0;
  await commitStep(db, options.control, { next: "judge", jobOutput: { step: "judge", judged: toWrite.length } }, async (tx) => {
    await tx.instanceResult.createMany({
      data: toWrite.map((j) => ({
        submissionId: submission.id,
        instanceId: j.instanceId,
        scoreVersion: version,
        metrics: j.metrics,
        detail: { ...j.detail, judgeProfileId: profileRow.id } as Prisma.InputJsonValue,
      })),
      skipDuplicates: true,
    });
    [done, total] = await Promise.all([countScopeResults(tx, scope, version), tx.instance.count({ where: scopeWhere(scope) })]);
    await tx.submission.update({
      where: { id: submission.id },
      data: {
        judgeCallsDone: { increment: usage.calls },
        judgeCallsCached: { increment: usage.cacheHits },
        judgeCallsFailed: { increment: failedCalls },
        lastProgressAt: new Date(),
      },
    });
  });
  options.log?.(
    `submission ${submission.id}: judged ${done}/${total} ${scope.track} instances (${usage.calls} calls, ${usage.cacheHits} cached, ${failedCalls} failed, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return "continued";
}

async function judgeAggregate(db: Db, submission: SubmissionRow, scope: SubmissionScope, setup: JudgeSetup | null, options: RunScoreJobOptions): Promise<"done"> {
  let written = 0;
  if (setup) {
    const profile = setup.profileFor(judgeTemplateFor(scope.track));
    const version = judgeScoreVersion(profile);
    const rows = await db.instanceResult.findMany({
      where: { submissionId: submission.id, scoreVersion: version, instance: scopeWhere(scope) },
      select: { metrics: true, instance: { select: { meta: true, split: true } } },
    });
    // published like the deterministic aggregates (test-figures.ts): a test upload's noised and rounded, a full
    // upload's with test rows built from its exact public parts and published test part (published-judge-aggregates.ts)
    const testDraw = await testFigureDraw(db, submission, scope.track, submission.split === "full" && (await storedTestRow(db, scope)));
    const aggregates = publishedJudgeAggregates(
      scope.track,
      rows.map((r) => ({ metrics: r.metrics, meta: r.instance.meta, split: r.instance.split })),
      submission.id,
      testDraw ? { kind: submission.split === "full" ? "full" : "test", draw: testDraw } : { kind: "exact" },
    );
    const profileRow = await ensureJudgeProfileRow(db, profile);
    await commitStep(db, options.control, { jobOutput: { step: "judge-aggregate", metrics: Object.keys(aggregates).length } }, async (tx) => {
      for (const [metric, aggregate] of Object.entries(aggregates)) {
        const fields = {
          value: aggregate.value,
          n: aggregate.n,
          ciLow: aggregate.ciLow,
          ciHigh: aggregate.ciHigh,
          kind: "judge" as const,
          judgeProfileId: profileRow.id,
        };
        await tx.score.upsert({
          where: { submissionId_trackId_metric_scoreVersion: { submissionId: submission.id, trackId: scope.track, metric, scoreVersion: version } },
          create: { submissionId: submission.id, trackId: scope.track, metric, scoreVersion: version, ...fields },
          update: { ...fields, computedAt: new Date() },
        });
      }
      await finishSubmission(tx, submission.id);
    });
    written = Object.keys(aggregates).length;
  } else {
    // The judge was configured when this submission started judging, and no longer is: finish without judge scores.
    await commitStep(db, options.control, { jobOutput: { step: "judge-aggregate", skipped: "no judge configured" } }, (tx) => finishSubmission(tx, submission.id));
  }
  options.log?.(`submission ${submission.id}: done (${written} judge metrics)`);
  return "done";
}

async function finishSubmission(tx: Tx, submissionId: string): Promise<void> {
  const now = new Date();
  await tx.submission.update({ where: { id: submissionId }, data: { status: "done", finishedAt: now, lastProgressAt: now } });
}
