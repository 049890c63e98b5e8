import { ensureModuleRows } from "@/lib/benchmarks/module-rows";
import type { AnyTrack, OneCallBenchmark, ItemFigures, ScoreResult } from "@/lib/benchmarks/types";
import type { Tx } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RewardSource } from "@/lib/rewards/reward-source";
import { REFUND_NOTE, SubmissionScoringError } from "@/lib/benchmarks/types-scoring-error";

type ItemRow = { itemKey: string; position: number; figures: ItemFigures };

/**
 * The per-item rows of a score result, each validated by the track's declared schema (pure). A figure the
 * schema refuses, or a key met twice, is the module's bug, not the submitter's: the upload fails as ours.
 */
export function itemRowsOf(track: AnyTrack, result: ScoreResult): ItemRow[] {
  const decl = track.itemRows;
  if (!decl) return [];
  const seen = new Set<string>();
  return result.items.map((item, position) => {
    const itemKey = decl.key(item);
    const parsed = decl.schema.safeParse(decl.figures(item));
    if (!parsed.success || seen.has(itemKey)) {
      const why = parsed.success ? "repeated item key" : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new SubmissionScoringError(`The ${track.id} scorer produced a bad per-item row (${itemKey}: ${why}). ${REFUND_NOTE}`, true);
    }
    seen.add(itemKey);
    return { itemKey, position, figures: parsed.data };
  });
}

/**
 * Inside the step's transaction: the Score rows (one per metric, under the track's score version), the per-item
 * rows (all replaced, so a re-score never leaves a mix), status done, the reward source (RewardFill) and what the
 * benchmark keeps of the scoring (its onScored). Nothing of it is visible until the transaction commits.
 */
export async function writeModuleScores(
  tx: Tx,
  benchmark: OneCallBenchmark,
  track: AnyTrack,
  submission: { id: string; platformTrack: string; startedAt: Date | null },
  scoreVersion: string,
  result: ScoreResult,
  items: readonly ItemRow[],
  rewardSource: RewardSource | null,
): Promise<void> {
  // the Track rows Score refers to (a module registered after the upload was stored still gets them)
  await ensureModuleRows(tx, benchmark);
  for (const [metric, m] of Object.entries(result.metrics)) {
    const fields = {
      value: m.value,
      n: m.n,
      ciLow: m.ciLow,
      ciHigh: m.ciHigh,
      kind: track.kind === "judge" ? ("judge" as const) : ("deterministic" as const),
      judgeProfileId: null,
    };
    await tx.score.upsert({
      where: { submissionId_trackId_metric_scoreVersion: { submissionId: submission.id, trackId: submission.platformTrack, metric, scoreVersion } },
      create: { submissionId: submission.id, trackId: submission.platformTrack, metric, scoreVersion, ...fields },
      update: { ...fields, computedAt: new Date() },
    });
  }
  await tx.moduleItem.deleteMany({ where: { submissionId: submission.id } });
  // in slices: one INSERT's bind parameters are bounded (5 a row; 65,535 per statement)
  for (let at = 0; at < items.length; at += 5000) {
    await tx.moduleItem.createMany({
      data: items.slice(at, at + 5000).map((item) => ({
        submissionId: submission.id,
        itemKey: item.itemKey,
        position: item.position,
        scoreVersion,
        figures: item.figures as Prisma.InputJsonValue,
      })),
    });
  }
  const now = new Date();
  // updateMany: a submission failed meanwhile (by an administrator) is not brought back
  const { count } = await tx.submission.updateMany({
    where: { id: submission.id, status: { not: "failed" } },
    // a module upload carries no note of its own: the note says why its figures are "not scored" (or nothing)
    data: {
      status: "done",
      note: result.notScored ?? null,
      scorerVersion: scoreVersion,
      progressDone: result.n,
      progressTotal: result.n,
      lastProgressAt: now,
      startedAt: submission.startedAt ?? now,
      finishedAt: now,
    },
  });
  if (count === 0) return;
  // the platform's record of its reward service's work; a re-score that needed none leaves no stale profile behind
  if (rewardSource === null) await tx.rewardFill.deleteMany({ where: { submissionId: submission.id } });
  else
    await tx.rewardFill.upsert({
      where: { submissionId: submission.id },
      create: { submissionId: submission.id, source: rewardSource as Prisma.InputJsonValue },
      update: { source: rewardSource as Prisma.InputJsonValue },
    });
  // what the benchmark keeps of this scoring in its own tables (PersonalLLM: its evaluation data's provenance)
  await benchmark.onScored?.(tx, submission.id);
}
