import { checkItems } from "@/lib/benchmarks/check-items";
import { moduleTrackId } from "@/lib/benchmarks/module-rows";
import { goldHidden } from "@/lib/benchmarks/module-splits";
import { parseUploadRows } from "@/lib/uploads/read-upload-rows";
import type { OneCallBenchmark } from "@/lib/benchmarks/types";
import type { Db, Tx } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import { queueTiming } from "@/lib/queue/timing";
import { fillRewardScores, rewardSetupFromEnv, type RewardSetup } from "./fill-reward-scores";
import { advanceRewardScores, DEFAULT_REWARD_BATCHES_PER_STEP } from "./reward-chunk";
import { rewardSourceOf, type RewardSource } from "@/lib/rewards/reward-source";
import { REFUND_NOTE, SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";
import { itemRowsOf, writeModuleScores } from "./write-module-scores";

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

type ModuleStepOptions = {
  /** the reward service for rows without reward scores; default: the one configured by REWARD_SERVICE_* */
  rewards?: RewardSetup | null;
  /** reward-service batches one step sends at most (default DEFAULT_REWARD_BATCHES_PER_STEP) */
  rewardBatchesPerStep?: number;
  /** no reward batch starts after this long in a step (default: the chunk budget, 40 % of the job's expiry) */
  budgetMs?: number;
};

/**
 * The worker's steps for an upload to a registered benchmark module: read the stored file, parse it with the
 * track's `predictionRow`, re-check it with `check` against the data imported now (it was checked at upload; an
 * import since may have changed the items), then:
 *
 *   - reward steps (a track that declares `rewardTexts`, with a reward service): the missing (text, model) scores
 *     are asked in bounded chunks (reward-chunk.ts), each step committing its progress and queueing the next, so
 *     no step outlives its job's expiry and a retry continues where the last one stopped (the cache holds every
 *     answered batch);
 *   - the last step: every missing score comes from the cache, the track's pure `score` runs, and ONE transaction
 *     writes the Score rows (under the track's own score version), the per-item rows (none on a split whose gold
 *     is hidden) and status done.
 *
 * Safe to run twice: Scores are upserted on (submission, track, metric, version), the item rows are replaced, and
 * runScoreJob leaves a done submission alone.
 */
export async function scoreModuleSubmission(
  db: Db,
  benchmark: OneCallBenchmark,
  submission: { id: string; tracks: string[]; fileName?: string | null; startedAt: Date | null },
  scoreVersion: string,
  commit: (write: (tx: Tx) => Promise<void>, jobOutput: Record<string, unknown>, next?: "score") => Promise<void>,
  log: (line: string) => void,
  options: ModuleStepOptions = {},
): Promise<"continued" | "done"> {
  const started = Date.now();
  const platformTrack = submission.tracks[0] ?? "";
  const trackId = moduleTrackId(benchmark, platformTrack);
  const track = trackId === null ? null : benchmark.tracks.find((t) => t.id === trackId)!;
  if (!track)
    throw new SubmissionScoringError(`This submission names no ${benchmark.title} track we can score (${JSON.stringify(submission.tracks)}). ${REFUND_NOTE}`, true);
  const row = await db.submission.findUnique({ where: { id: submission.id }, select: { fileBytes: true, fileName: true, split: true } });
  if (!row?.fileBytes) throw new SubmissionScoringError(`The stored file of this submission is missing. ${REFUND_NOTE}`, true);
  // the stored copy (gzip of the validated content) through the same bounded reader as the upload
  const parsed = await parseUploadRows(once(row.fileBytes), track.predictionRow, {
    fileName: row.fileName ?? "predictions.jsonl",
    maxDecompressedBytes: env().UPLOAD_MAX_DECOMPRESSED_BYTES,
  });
  const input = await benchmark.readTrackInput(db, track.id, row.split);
  if (input === null)
    throw new SubmissionScoringError(
      `${benchmark.title} has no data for its ${track.id} track on this server any more, so nothing could be scored. ${REFUND_NOTE}`,
      true,
    );
  const problems = parsed.problems.length > 0 ? parsed.problems : checkItems(track, input, parsed.rows).problems;
  if (problems.length > 0) {
    const first = problems[0]!;
    // validated at upload: the data changed since (a re-import), which the submitter could not foresee
    throw new SubmissionScoringError(
      `The file no longer matches this server's ${benchmark.title} data (${problems.length} problem(s); ${first.line === null ? "" : `line ${first.line}: `}${first.message}). ${REFUND_NOTE}`,
      true,
    );
  }
  // rows with a response text but missing reward scores: filled through the cache and the reward service, if any
  let rows = parsed.rows;
  let rewardNote: Record<string, unknown> = {};
  let rewardSource: RewardSource | null = null;
  if (track.rewardTexts) {
    const setup = options.rewards === undefined ? rewardSetupFromEnv(db, track.rewardTexts.models) : options.rewards;
    if (setup) {
      const bounds = {
        maxBatches: options.rewardBatchesPerStep ?? DEFAULT_REWARD_BATCHES_PER_STEP,
        budgetMs: options.budgetMs ?? queueTiming(env()).chunkBudgetMs,
      };
      const progress = await advanceRewardScores(track.rewardTexts, input, parsed.rows, setup, bounds);
      if (progress.answered < progress.needed) {
        log(`submission ${submission.id}: reward scores ${progress.answered}/${progress.needed} (${progress.sentBatches} batch(es) this step); continuing`);
        await commit(
          async (tx) => {
            const now = new Date();
            await tx.submission.updateMany({
              where: { id: submission.id, status: { in: ["queued", "scoring"] } },
              data: {
                status: "scoring",
                progressDone: progress.answered,
                progressTotal: progress.needed,
                lastProgressAt: now,
                startedAt: submission.startedAt ?? now,
              },
            });
          },
          { step: "module-rewards", answered: progress.answered, needed: progress.needed, batches: progress.sentBatches },
          "score",
        );
        return "continued";
      }
    }
    const filled = await fillRewardScores(track.rewardTexts, input, parsed.rows, setup);
    rows = filled.rows;
    if (setup) rewardSource = rewardSourceOf(setup.profile, filled.cached + filled.scored);
    if (filled.needed > 0) {
      rewardNote = { rewardRows: filled.needed, rewardCached: filled.cached, rewardScored: filled.scored, rewardService: setup !== null };
      log(
        `submission ${submission.id}: ${filled.needed} row(s) lacked reward scores; ${setup ? `${filled.cached} cached, ${filled.scored} scored by the reward service` : "no reward service configured"}`,
      );
    }
  }
  const result = track.score(input, rows);
  // on a split whose gold is hidden, per-item figures would give single hidden items' scores away: none are kept
  const items = goldHidden(benchmark, track, row.split) ? [] : itemRowsOf(track, result);
  await commit(
    (tx) =>
      writeModuleScores(tx, benchmark, track, { id: submission.id, platformTrack, startedAt: submission.startedAt }, scoreVersion, result, items, rewardSource),
    {
      step: "module",
      benchmark: benchmark.id,
      track: track.id,
      n: result.n,
      items: items.length,
      ...rewardNote,
      ...(result.notScored ? { notScored: result.notScored } : {}),
    },
  );
  log(`submission ${submission.id}: ${benchmark.id}/${track.id} scored over ${result.n} items (${((Date.now() - started) / 1000).toFixed(1)} s); done`);
  return "done";
}
