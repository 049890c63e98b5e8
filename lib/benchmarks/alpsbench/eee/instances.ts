import type { Db } from "@/lib/db/create-client";
import type { EeeInstanceItem } from "@/lib/eee/hook";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { predictionsArePublic } from "@/lib/submissions/prediction-access";
import { PUBLIC_GOLD_SPLITS } from "@/lib/benchmarks/alpsbench/pack/pack-layout";
import { TRACK_LABELS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** The per-instance figure a line's `evaluation.score` carries: the first of these the result has (0-1 each). */
const LINE_SCORE = ["f1", "recall", "score"] as const;

const numbers = (value: unknown): Record<string, number | boolean> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, number | boolean] => typeof e[1] === "number" || typeof e[1] === "boolean"))
    : {};

/**
 * A row's per-instance results for the Every Eval Ever JSONL: only rows whose predictions are public (the server's
 * own runs, source "seed"; uploads whose submitter chose publishPredictions), public and scored; only dev and
 * validation instances (test-split instances are not read at all: their gold and per-item scores stay on the
 * server). The output is what the scorer kept of the prediction with the result (detail.pred, bounded by the
 * pipeline), else the recorded matching.
 */
export async function alpsBenchInstances(db: Db, rowId: string, limit: number): Promise<{ items: EeeInstanceItem[]; total: number } | null> {
  const submission = await db.submission.findUnique({
    where: { id: rowId },
    select: { id: true, source: true, status: true, visibility: true, publishPredictions: true, scorerVersion: true },
  });
  if (!submission || submission.status !== "done" || submission.visibility !== "public") return null;
  // reported rows have no per-instance results; an upload's only when its submitter published them
  if (submission.source === "reported" || !predictionsArePublic(submission)) return null;
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const deterministic = versions.find((v) => !v.startsWith("judge:"));
  if (!deterministic) return null;
  const where = { submissionId: submission.id, scoreVersion: deterministic, instance: { split: { in: [...PUBLIC_GOLD_SPLITS] as ("dev" | "validation")[] } } };
  const [total, rows] = await Promise.all([
    db.instanceResult.count({ where }),
    db.instanceResult.findMany({
      where,
      orderBy: [{ instance: { trackId: "asc" } }, { instance: { benchmarkId: "asc" } }],
      take: limit,
      select: {
        metrics: true,
        detail: true,
        instance: { select: { trackId: true, benchmarkId: true, split: true, input: true, contentHash: true, gold: { select: { gold: true } } } },
      },
    }),
  ]);
  const items = rows.map((r): EeeInstanceItem => {
    // belt and braces: the query reads public splits only
    if (!PUBLIC_GOLD_SPLITS.includes(r.instance.split)) throw new Error(`test-split instance ${r.instance.benchmarkId} reached the Every Eval Ever export`);
    const metrics = numbers(r.metrics);
    const key = LINE_SCORE.find((k) => typeof metrics[k] === "number");
    const score = key ? (metrics[key] as number) : 0;
    const detail = r.detail as { pred?: unknown } | null;
    return {
      evaluationName: `AlpsBench ${TRACK_LABELS[r.instance.trackId as TrackId] ?? r.instance.trackId}`,
      sampleId: r.instance.benchmarkId,
      sampleHash: r.instance.contentHash,
      input: JSON.stringify(r.instance.input),
      reference: r.instance.gold ? [JSON.stringify(r.instance.gold.gold)] : [],
      output: JSON.stringify(detail?.pred ?? detail ?? null),
      score,
      isCorrect: score >= 1,
      metadata: {
        track: r.instance.trackId,
        split: r.instance.split,
        ...(key ? { score_metric: key } : {}),
        ...Object.fromEntries(Object.entries(metrics).map(([k, v]) => [`metric.${k}`, String(v)])),
      },
    };
  });
  return { items, total };
}
