import type { Db } from "@/lib/db/create-client";
import { getInstanceSplits } from "@/lib/benchmarks/alpsbench/read/queries/instance-splits";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { gzipSync } from "node:zlib";
import { loadPublicValueIndex, recordContamination } from "@/lib/benchmarks/alpsbench/contamination/contamination-check";
import { copyCheckedTrack, recordRowCopy } from "@/lib/benchmarks/alpsbench/contamination/row-copy";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { phaseReadsInput } from "@/lib/benchmarks/alpsbench/pipeline/submission-instances";
import { scoreTrack, type TrackScore } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";

type SeedSubmissionSpec = {
  /** deterministic id, so seeding twice finds the same submission */
  id: string;
  systemId: string;
  benchmarkVersionId: string;
  note: string | null;
  /** prediction rows per track, as a submitter would upload them */
  predictions: Partial<Record<TrackId, readonly unknown[]>>;
  /**
   * false: no upload is compared with these rows by the copy check (row-copy.ts). The demo's synthetic runs are
   * made from the gold on purpose, so an upload of the public gold would be "a copy" of them instead of the new
   * best the review rule holds. Default true.
   */
  copyReference?: boolean;
};

/**
 * A submission the server makes itself (demo systems, the packets' stored model outputs, its own baselines):
 * scored by the same pipeline as uploads and stored as re-scored rows. Idempotent per scorer version: when
 * the submission is already done under the current version nothing is recomputed.
 */
/** True when the server-made submission `id` is done under the current scorer version (nothing to do). */
export async function isCurrent(db: Db, id: string, copyReference = true): Promise<boolean> {
  const existing = await db.submission.findUnique({
    where: { id },
    select: { status: true, scorerVersion: true, _count: { select: { scores: true, splitScores: true } } },
  });
  // scored before split aggregates existed (scores but no split scores): scored again once, to add them
  const hasSplitScores = existing ? existing._count.scores === 0 || existing._count.splitScores > 0 : false;
  if (!(existing?.status === "done" && existing.scorerVersion === SCORER_VERSION && hasSplitScores)) return false;
  // seeded before its rows were kept for its reproducibility pack: seeded again once, to keep them
  if ((await db.seedPredictions.count({ where: { submissionId: id } })) === 0) return false;
  // seeded before the copy check stored row fingerprints (row-copy.ts): seeded again once, to store them
  const copyTracks = ((await db.submission.findUnique({ where: { id }, select: { tracks: true } }))?.tracks ?? []).filter(copyCheckedTrack);
  return !copyReference || copyTracks.length === 0 || (await db.rowFingerprint.count({ where: { submissionId: id } })) > 0;
}

export async function seedScoredSubmission(db: Db, spec: SeedSubmissionSpec): Promise<"created" | "unchanged"> {
  if (await isCurrent(db, spec.id, spec.copyReference ?? true)) return "unchanged";
  const tracks = Object.keys(spec.predictions) as TrackId[];
  const results: TrackScore[] = [];
  for (const track of tracks) {
    // Inputs only where the deterministic scorer reads them (not Task 1's dialogues, not Task 3's candidates).
    const instances = await getScorableInstances(db, spec.benchmarkVersionId, track, undefined, { candidates: false, input: phaseReadsInput(track, "score") });
    if (instances.length === 0) continue;
    const rows = (spec.predictions[track] ?? []).map((value, index) => ({ line: index + 1, value }));
    const splits = await getInstanceSplits(db, spec.benchmarkVersionId, track);
    results.push(scoreTrack(track, instances, rows, { seed: spec.id, splitOf: (id) => splits.get(id) }));
  }
  const total = results.reduce((sum, r) => sum + r.n, 0);
  const task1 = results.some((r) => r.track === "task1") ? await loadPublicValueIndex(db, spec.benchmarkVersionId) : null;
  await db.$transaction(
    async (tx) => {
      const fields = {
        systemId: spec.systemId,
        benchmarkVersionId: spec.benchmarkVersionId,
        tracks: results.map((r) => r.track),
        split: "full" as const,
        source: "seed" as const,
        status: "done" as const,
        scorerVersion: SCORER_VERSION,
        note: spec.note,
        progressDone: total,
        progressTotal: total,
        finishedAt: new Date(),
        // the server's own runs publish their rows: anyone re-scores them from the pack (lib/packs)
        publishPredictions: true,
      };
      await tx.submission.upsert({ where: { id: spec.id }, create: { id: spec.id, ...fields }, update: fields });
      const rows = seedPredictionBytes(spec.predictions);
      await tx.seedPredictions.upsert({ where: { submissionId: spec.id }, create: { submissionId: spec.id, rows }, update: { rows } });
      for (const result of results) await persistTrackScore(tx, spec.id, spec.benchmarkVersionId, result);
      if (task1) {
        // the server's own runs are checked too, and later uploads are compared with them (a re-upload of the
        // authors' released outputs under a new name reproduces one of these)
        const { createdAt } = await tx.submission.findUniqueOrThrow({ where: { id: spec.id }, select: { createdAt: true } });
        const subject = { id: spec.id, systemId: spec.systemId, benchmarkVersionId: spec.benchmarkVersionId, createdAt };
        await recordContamination(tx, subject, spec.predictions.task1 ?? [], task1, { mayFlag: false });
      }
      // the server's runs (released outputs, reference rows such as copy-the-input) are what uploads must not copy
      // row for row (row-copy.ts): their fingerprints are stored, never flagged
      const copyTracks = spec.copyReference === false ? [] : results.map((r) => r.track).filter(copyCheckedTrack);
      if (copyTracks.length > 0) {
        const { createdAt } = await tx.submission.findUniqueOrThrow({ where: { id: spec.id }, select: { createdAt: true } });
        const subject = { id: spec.id, systemId: spec.systemId, benchmarkVersionId: spec.benchmarkVersionId, createdAt };
        for (const track of copyTracks) await recordRowCopy(tx, subject, track, spec.predictions[track] ?? [], { mayFlag: false });
      }
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
  return "created";
}

/** The rows as the pack serves them: gzip of JSON {track: rows}, in the order they were scored (line = index + 1). */
function seedPredictionBytes(predictions: SeedSubmissionSpec["predictions"]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(gzipSync(JSON.stringify(predictions)));
}
