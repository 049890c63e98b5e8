import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { PipelineStepOptions } from "@/lib/benchmarks/types";
import type { Db, Tx } from "@/lib/db/create-client";
import { parseScoreJobPayload } from "@/lib/queue/payload";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";
import type { RewardSetup } from "./fill-reward-scores";
import { scoreModuleSubmission } from "./score-module-submission";
import { scoreVersionFor } from "@/lib/submissions/score-version-for";
import { SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";
import { isSubmitterDataError, markSubmissionFailed, SUBMITTER_DATA_REASON } from "./submission-failure";
import { JobSupersededError, type JobControl } from "@/lib/queue/submission-job-control";

/**
 * The scoring worker's job handler, the same for every benchmark: it reads the upload, leaves finished and stale
 * ones alone, checks the job's score version against this release's, and then runs ONE step of the benchmark's
 * scoring, the one hosted-capabilities.ts `scoring` picks: its own `scoreStep` (AlpsBench: chunked, judged), else the
 * platform's default this file hands it (lib/benchmarks may not import the worker), the one-call scorer after the
 * reward-service chunks (score-module-submission.ts).
 * Every step commits in ONE transaction that also claims the job and queues the next one (JobControl, `commitStep`
 * below), so at most one execution of a step commits, and a SubmissionScoringError from any benchmark fails the
 * upload here. Returns "done" when the submission reached done or failed.
 */
export type RunScoreJobOptions = PipelineStepOptions & {
  /** the reward service of module tracks with response-text rows; default: REWARD_SERVICE_* (null: "not scored") */
  rewards?: RewardSetup | null;
  /** reward-service batches one module step may send at most (default: see reward-chunk.ts) */
  rewardBatchesPerStep?: number;
  /** set when run by the queue */
  control?: JobControl;
};

/** what the dispatch reads; each benchmark's scoring reads what else it needs itself */
const SUBMISSION_FIELDS = {
  id: true,
  status: true,
  scorerVersion: true,
  tracks: true,
  startedAt: true,
  benchmarkVersion: { select: { slug: true } },
} as const;

const TX_OPTIONS = { timeout: 120_000, maxWait: 30_000 };

export async function runScoreJob(db: Db, payload: ScoreJobPayload, options: RunScoreJobOptions = {}): Promise<"continued" | "done"> {
  const { submissionId, scoreVersion } = parseScoreJobPayload(payload);
  const log = options.log ?? (() => {});
  const skip = async (skipped: string) => {
    await commitStep(db, options.control, { jobOutput: { skipped } }, async () => {});
    return "done" as const;
  };
  const submission = await db.submission.findUnique({ where: { id: submissionId }, select: SUBMISSION_FIELDS });
  if (!submission) {
    log(`submission ${submissionId}: no longer exists; nothing to score`);
    return skip("submission deleted");
  }
  // Finished submissions are left alone: a re-score resets the row first (scripts/cli/rescore.ts).
  if (submission.status === "failed" || submission.status === "done") return skip(`submission is ${submission.status}`);
  if (submission.scorerVersion !== null && submission.scorerVersion !== scoreVersion) {
    log(`submission ${submissionId}: is being scored under ${submission.scorerVersion}; this job (${scoreVersion}) is stale`);
    return skip(`stale job for ${scoreVersion}`);
  }
  // AlpsBench's SCORER_VERSION, or the module track's own version (score-version-for.ts)
  const current = scoreVersionFor({ benchmark: submission.benchmarkVersion.slug, tracks: submission.tracks });
  if (scoreVersion !== current) {
    // Another release's worker may still run that version (rolling deploy): retryable, and our failure if none does.
    throw new Error(`this worker scores with ${current}; the job asks for ${scoreVersion}`);
  }

  try {
    const step = capabilitiesOf(benchmarkOfDataVersion(submission.benchmarkVersion.slug)).scoring(
      (oneCall) => (db, _id, context) => scoreModuleSubmission(db, oneCall, submission, context.scoreVersion, context.commit, context.log, options),
    );
    return await step(db, submissionId, {
      scoreVersion: current,
      options,
      log,
      commit: (write, jobOutput, next) => commitStep(db, options.control, { jobOutput, next }, write),
    });
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
