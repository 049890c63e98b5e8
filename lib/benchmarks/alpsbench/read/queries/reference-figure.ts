import type { Db } from "@/lib/db/create-client";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * A reference baseline's figure on one track, metric and split of a benchmark (lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines.ts
 * scores it on the full benchmark, with each split's aggregate beside it), for the submission page's "does not
 * beat" note. The latest score version; null when the baseline was never computed there.
 */
export async function getReferenceFigure(
  db: Db,
  where: { benchmark: string; systemSlug: string; track: TrackId; metric: string; split: string },
): Promise<{ name: string; value: number } | null> {
  const submission = { benchmarkVersion: { slug: where.benchmark }, system: { slug: where.systemSlug, kind: "baseline" as const }, status: "done" as const };
  const select = { value: true, submission: { select: { system: { select: { name: true } } } } } as const;
  const score =
    where.split === "full"
      ? await db.score.findFirst({ where: { trackId: where.track, metric: where.metric, submission }, orderBy: { computedAt: "desc" }, select })
      : where.split === "dev" || where.split === "validation" || where.split === "test"
        ? await db.splitScore.findFirst({
            where: { trackId: where.track, metric: where.metric, split: where.split, submission },
            orderBy: { computedAt: "desc" },
            select,
          })
        : null;
  return score && score.value !== null && Number.isFinite(score.value) ? { name: score.submission.system.name, value: score.value } : null;
}
