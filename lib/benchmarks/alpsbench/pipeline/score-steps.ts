import { setTimeout as sleep } from "node:timers/promises";
import type { PipelineStepContext } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { ensureJudgeProfileRow } from "@/lib/benchmarks/alpsbench/judge/judge-profile-row";
import { PostgresJudgeCache } from "@/lib/llm-judge/postgres-cache";
import { getInstanceSplits } from "@/lib/benchmarks/alpsbench/read/queries/instance-splits";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { liveJudgeFromEnv } from "@/lib/llm-judge/from-env";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { testPrivacyNote } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import { loadPublicValueIndex, recordContamination } from "@/lib/benchmarks/alpsbench/contamination/contamination-check";
import { copyCheckedTrack, recordRowCopy } from "@/lib/benchmarks/alpsbench/contamination/row-copy";
import { setJudgeWaiting } from "./judge-waiting";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { publishedJudgeAggregates } from "./published-judge-aggregates";
import { type AggregateInput, aggregateInputOf, aggregateScores, rowIdsOf, scoreTrack, type TrackScore } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { REFUND_NOTE, SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";
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
} from "@/lib/benchmarks/alpsbench/pipeline/submission-instances";
import type { JudgeSetup } from "@/lib/llm-judge/setup";
import { type JudgedInstance, judgeInstance, judgeScoreVersion, judgeTemplateFor, notJudged } from "./submission-judge";
import { type StoredPredictions, storedPredictions } from "@/lib/benchmarks/alpsbench/pipeline/submission-predictions";
import { publishesTestFigures, storedTestRow, testFigureDraw } from "./test-figures";
import { testBootstrapSeed } from "./test-precision";
import { queueTiming } from "@/lib/queue/timing";
import { TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import { heldSubmissionIds } from "@/lib/benchmarks/alpsbench/read/queries/view";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * AlpsBench's scoring pipeline, one step per queue job (pg-boss 10 has no heartbeat, so no job may run long). The
 * platform's worker (lib/worker/score-submission.ts) claims the job, checks the upload's status and score version,
 * and calls `alpsBenchScoreStep` through the module's `pipeline.scoreStep`; a SubmissionScoringError thrown here
 * fails the upload there.
 *
 *   1. score: up to `chunkSize` instances without a result row (stopping early at `budgetMs`), their
 *      InstanceResult rows written with skipDuplicates; progress updated. Repeated until every instance has one.
 *   2. aggregate: the aggregates (and per-split ones) computed from the stored per-instance results, which keep
 *      what the aggregates read (score-track.ts aggregateInputOf): nothing is scored again, so the step's cost is
 *      reading the rows, not the file's size; Scores upserted; status → judging (judge configured) or done.
 *   3. judge: up to a chunk of instances without a judge row, through the PostgreSQL judge cache. Repeated.
 *   4. judge aggregate: judge Scores from the stored judge rows; status → done.
 *
 * Each step reads what is already stored to decide what to do, so a step run twice (a retry after a crash, a
 * duplicate delivery) redoes nothing that was committed, and never repeats a judge call that completed. Each step
 * commits in ONE transaction (`context.commit`) that also claims the job and queues the next one, so at most one
 * execution of a step commits. Returns "done" when the submission reached done or failed.
 */

type Step = "score" | "aggregate" | "judge" | "judge-aggregate";

const SUBMISSION_FIELDS = {
  id: true,
  status: true,
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
type Tx = Prisma.TransactionClient;

/** The old call shape of a step's commit, kept so the steps read as before: plan first, then the write. */
const commitStep = (context: PipelineStepContext, plan: { next?: "score" | "judge"; jobOutput: Record<string, unknown> }, write: (tx: Tx) => Promise<void>) =>
  context.commit(write, plan.jobOutput, plan.next);

/**
 * The judge JUDGE_* configures, built once per configuration: its provider's concurrency limit then holds for the
 * whole process (every job a worker runs at once), not per step.
 */
const JUDGE_SETTINGS = ["JUDGE_BASE_URL", "JUDGE_MODEL", "JUDGE_API_KEY", "JUDGE_PROVIDER", "JUDGE_CONCURRENCY", "JUDGE_TIMEOUT_MS"] as const;
let envJudge: { key: string; judge: JudgeSetup | null } | null = null;
function judgeFromEnv(): JudgeSetup | null {
  const config = env();
  const key = JSON.stringify(JUDGE_SETTINGS.map((name) => config[name]));
  if (envJudge?.key !== key) envJudge = { key, judge: liveJudgeFromEnv(config, { maxRetries: 2 }) };
  return envJudge.judge;
}

export async function alpsBenchScoreStep(db: Db, submissionId: string, context: PipelineStepContext): Promise<"continued" | "done"> {
  const submission = await db.submission.findUnique({ where: { id: submissionId }, select: SUBMISSION_FIELDS });
  // the platform read the row a moment ago; a deletion in between is a retry's business
  if (!submission) throw new Error(`submission ${submissionId} vanished during its step`);
  const scope = submissionScope(submission);
  const { options } = context;
  const judgeSetup = options.judge === undefined ? judgeFromEnv() : options.judge;
  const step = await nextStep(db, submission, scope, judgeSetup);
  switch (step) {
    case "score":
      return await scoreChunk(db, submission, scope, context);
    case "aggregate":
      return await aggregate(db, submission, scope, judgeSetup, context);
    case "judge":
      return await judgeChunk(db, submission, scope, judgeSetup!, context);
    case "judge-aggregate":
      return await judgeAggregate(db, submission, scope, judgeSetup, context);
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

function predictionsOf(db: Db, submission: SubmissionRow, scope: SubmissionScope): Promise<StoredPredictions> {
  return storedPredictions({ submissionId: submission.id, fileSha256: submission.fileSha256, fileSize: submission.fileSize, track: scope.track }, async () => {
    const row = await db.submission.findUnique({ where: { id: submission.id }, select: { fileBytes: true } });
    return row?.fileBytes ?? null;
  });
}

const SCORE_BATCH = 25;

async function scoreChunk(db: Db, submission: SubmissionRow, scope: SubmissionScope, context: PipelineStepContext): Promise<"continued"> {
  const { options } = context;
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
    const result = scoreTrack(scope.track, batch, predictions.rowsFor(rowIdsOf(scope.track, batch)), { seed: submission.id });
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
  await commitStep(context, { next: "score", jobOutput: { step: "score", scored: data.length } }, async (tx) => {
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

/**
 * The aggregate inputs of every instance of the scope, in benchmark-id order (scoreTrack's), read from the stored
 * per-instance results: the score chunks already did the scoring, so this step re-scores nothing (a heavy upload's
 * full re-run took 148 s in one step, past the job's 45 s expiry). A row stored before results kept their `counts`
 * is scored again, with the same scorer, and only such rows.
 */
async function storedAggregateInputs(
  db: Db,
  submission: SubmissionRow,
  scope: SubmissionScope,
  predictions: StoredPredictions,
): Promise<{ benchmarkIds: string[]; inputs: AggregateInput[]; rescored: number }> {
  const order = await db.instance.findMany({ where: scopeWhere(scope), select: { benchmarkId: true }, orderBy: { benchmarkId: "asc" } });
  const stored = await db.instanceResult.findMany({
    where: { submissionId: submission.id, scoreVersion: SCORER_VERSION, instance: scopeWhere(scope) },
    select: { metrics: true, detail: true, instance: { select: { benchmarkId: true } } },
  });
  const byId = new Map(stored.map((row) => [row.instance.benchmarkId, aggregateInputOf(scope.track, row.metrics, row.detail)]));
  const benchmarkIds = order.map((i) => i.benchmarkId);
  const missing = benchmarkIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    // every instance had a result when this step was chosen (nextStep): a gap is our bug, never published over
    throw new SubmissionScoringError(
      `Scoring lost some per-instance results of this submission; we have been alerted. ${REFUND_NOTE}`,
      true,
      `${missing.length} instance(s) without a stored result at the aggregate step, e.g. ${missing[0]}`,
    );
  }
  const legacy = new Set(benchmarkIds.filter((id) => byId.get(id) === null));
  if (legacy.size > 0) {
    const instances = (await allScopeInstances(db, scope, phaseReadsInput(scope.track, "score"))).filter((i) => legacy.has(i.benchmarkId));
    const again = scoreTrack(scope.track, instances, predictions.rowsFor(rowIdsOf(scope.track, instances)), { seed: submission.id });
    for (const scored of again.instances)
      byId.set(scored.benchmarkId, aggregateInputOf(scope.track, { predicted: scored.predicted, ...scored.metrics }, scored.detail));
  }
  return { benchmarkIds, inputs: benchmarkIds.map((id) => byId.get(id)!), rescored: legacy.size };
}

async function aggregate(
  db: Db,
  submission: SubmissionRow,
  scope: SubmissionScope,
  judgeSetup: JudgeSetup | null,
  context: PipelineStepContext,
): Promise<"continued" | "done"> {
  const { options } = context;
  const started = Date.now();
  const predictions = await predictionsOf(db, submission, scope);
  // a run on every instance is also aggregated per split, so the split views can rank it
  const splits = scope.splits === undefined ? await getInstanceSplits(db, scope.benchmarkVersionId, scope.track) : null;
  // an upload's test-split figures are stored as published: noised and rounded (test-figures.ts)
  const isTest = (id: string) => (scope.splits ? scope.splits.includes("test") : splits?.get(id) === "test");
  const hasTestRow = [...predictions.byId.keys()].some(isTest);
  const testDraw = await testFigureDraw(db, submission, scope.track, hasTestRow);
  // exact test figures: a secret bootstrap seed and display precision (test-precision.ts)
  const testFigures = publishesTestFigures(submission, hasTestRow);
  const testSeed = testFigures ? await testBootstrapSeed(db, submission.id) : undefined;
  const { benchmarkIds, inputs, rescored } = await storedAggregateInputs(db, submission, scope, predictions);
  const aggregates = aggregateScores(scope.track, benchmarkIds, inputs, {
    seed: submission.id,
    ...(testSeed ? { testSeed } : {}),
    ...(splits ? { splitOf: (id: string) => splits.get(id) } : {}),
  });
  // the per-instance rows are stored already: persistTrackScore writes the Scores and SplitScores only
  const full: TrackScore = {
    track: scope.track,
    scorerVersion: SCORER_VERSION,
    n: benchmarkIds.length,
    ...aggregates,
    instances: [],
    coverage: { expected: benchmarkIds.length, scored: 0, missing: 0, duplicate: 0, unknown: 0, rejected: 0 },
    problems: [],
    problemsTotal: 0,
  };
  const judging = judgeSetup !== null;
  // Task 1: the contamination check runs on every submission (its public-input index is built outside the step)
  const contamination = scope.track === "task1" ? await loadPublicValueIndex(db, scope.benchmarkVersionId) : null;
  // the copy check's references leave out the runs the review rule holds (row-copy.ts): read from the boards (memoised)
  const held =
    copyCheckedTrack(scope.track) && submission.source === "upload"
      ? await heldSubmissionIds(db, { benchmark: submission.benchmarkVersion.slug, split: "full" })
      : new Set<string>();
  await commitStep(context, { next: judging ? "judge" : undefined, jobOutput: { step: "aggregate", n: full.n, rescored } }, async (tx) => {
    const published = await persistTrackScore(tx, submission.id, scope.benchmarkVersionId, full, testDraw ?? undefined, testFigures);
    // An upload's note is only ever this one: written when its test figures are noised, cleared when a re-score
    // made them exact (noised-test-figures.ts), with the marker the pages read to show a noised figure as such.
    if (submission.source === "upload") {
      const note = testPrivacyNote(published);
      const steps = Object.fromEntries([...published].map(([figure, p]) => [figure, p.withheld ? null : p.step]));
      await tx.submission.update({ where: { id: submission.id }, data: { note } });
      if (note) await tx.testFigureNoise.upsert({ where: { submissionId: submission.id }, create: { submissionId: submission.id, steps }, update: { steps } });
      else await tx.testFigureNoise.deleteMany({ where: { submissionId: submission.id } });
    }
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
    // Tasks 1 and 2: the copy check (row-copy.ts): an upload that reproduces an earlier public run row for row,
    // item order, memory ids and trimmed rows set aside, is marked as that copy and never ranked
    if (copyCheckedTrack(scope.track)) {
      const subject = { id: submission.id, systemId: submission.systemId, benchmarkVersionId: scope.benchmarkVersionId, createdAt: submission.createdAt };
      await recordRowCopy(
        tx,
        subject,
        scope.track,
        predictions.rows.map((r) => r.value),
        { mayFlag: submission.source === "upload", held },
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
    // no judge now: the track's judge metrics wait for one (a worker started with a judge re-queues it)
    await setJudgeWaiting(tx, submission.id, !judging && hasJudgeMetrics(scope.track));
  });
  options.log?.(
    `submission ${submission.id}: ${scope.track} aggregates over ${full.n} stored instance results, ${rescored} scored again (${((Date.now() - started) / 1000).toFixed(1)} s); ${judging ? "judging next" : "done (no judge configured: judge metrics not judged)"}`,
  );
  return judging ? "continued" : "done";
}

async function judgeChunk(db: Db, submission: SubmissionRow, scope: SubmissionScope, setup: JudgeSetup, context: PipelineStepContext): Promise<"continued"> {
  const { options } = context;
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
  await commitStep(context, { next: "judge", jobOutput: { step: "judge", judged: toWrite.length } }, async (tx) => {
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
    // the counts in AlpsBench's own table; lastProgressAt in the same step keeps the status page's key moving
    await tx.judgeCalls.upsert({
      where: { submissionId: submission.id },
      create: { submissionId: submission.id, done: usage.calls, cached: usage.cacheHits, failed: failedCalls },
      update: { done: { increment: usage.calls }, cached: { increment: usage.cacheHits }, failed: { increment: failedCalls } },
    });
    await tx.submission.update({ where: { id: submission.id }, data: { lastProgressAt: new Date() } });
  });
  options.log?.(
    `submission ${submission.id}: judged ${done}/${total} ${scope.track} instances (${usage.calls} calls, ${usage.cacheHits} cached, ${failedCalls} failed, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return "continued";
}

async function judgeAggregate(db: Db, submission: SubmissionRow, scope: SubmissionScope, setup: JudgeSetup | null, context: PipelineStepContext): Promise<"done"> {
  const { options } = context;
  let written = 0;
  if (setup) {
    const profile = setup.profileFor(judgeTemplateFor(scope.track));
    const version = judgeScoreVersion(profile);
    const rows = await db.instanceResult.findMany({
      where: { submissionId: submission.id, scoreVersion: version, instance: scopeWhere(scope) },
      select: { metrics: true, instance: { select: { meta: true, split: true } } },
      // the bootstrap resamples by position: a fixed order makes the interval reproducible (lib/packs)
      orderBy: { instance: { benchmarkId: "asc" } },
    });
    // published like the deterministic aggregates (test-figures.ts): a test upload's noised and rounded, a full
    // upload's with test rows built from its exact public parts and published test part (published-judge-aggregates.ts)
    const hasTestRow = submission.split === "full" && (await storedTestRow(db, scope));
    const testDraw = await testFigureDraw(db, submission, scope.track, hasTestRow);
    // exact test figures: a secret bootstrap seed and display precision, as the deterministic ones (test-precision.ts)
    const testSeed = !testDraw && publishesTestFigures(submission, hasTestRow) ? await testBootstrapSeed(db, submission.id) : null;
    const aggregates = publishedJudgeAggregates(
      scope.track,
      rows.map((r) => ({ metrics: r.metrics, meta: r.instance.meta, split: r.instance.split })),
      submission.id,
      testDraw ? { kind: submission.split === "full" ? "full" : "test", draw: testDraw } : testSeed ? { kind: "display", testSeed } : { kind: "exact" },
    );
    const profileRow = await ensureJudgeProfileRow(db, profile);
    await commitStep(context, { jobOutput: { step: "judge-aggregate", metrics: Object.keys(aggregates).length } }, async (tx) => {
      for (const [metric, aggregate] of Object.entries(aggregates)) {
        const { value, n, ciLow, ciHigh } = aggregate;
        const fields = { value, n, ciLow, ciHigh, kind: "judge" as const, judgeProfileId: profileRow.id };
        await tx.score.upsert({
          where: { submissionId_trackId_metric_scoreVersion: { submissionId: submission.id, trackId: scope.track, metric, scoreVersion: version } },
          create: { submissionId: submission.id, trackId: scope.track, metric, scoreVersion: version, ...fields },
          update: { ...fields, computedAt: new Date() },
        });
      }
      await finishSubmission(tx, submission.id, false);
    });
    written = Object.keys(aggregates).length;
  } else {
    // The judge was configured when this submission started judging, and no longer is: finish without judge scores.
    await commitStep(context, { jobOutput: { step: "judge-aggregate", skipped: "no judge configured" } }, (tx) =>
      finishSubmission(tx, submission.id, hasJudgeMetrics(scope.track)),
    );
  }
  options.log?.(`submission ${submission.id}: done (${written} judge metrics)`);
  return "done";
}

/** Whether a track has metrics only a judge gives (every AlpsBench track has some; Task 4 only those). */
function hasJudgeMetrics(track: string): boolean {
  return TRACK_METRICS[track as TrackId]?.some((metric) => metric.kind === "judge") ?? false;
}

async function finishSubmission(tx: Tx, submissionId: string, waitingForJudge: boolean): Promise<void> {
  const now = new Date();
  await tx.submission.update({ where: { id: submissionId }, data: { status: "done", finishedAt: now, lastProgressAt: now } });
  await setJudgeWaiting(tx, submissionId, waitingForJudge);
}
