import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getInstanceResultsPage, listedWhere, PUBLIC_SPLITS, versionsOf, type InstanceResultsPage } from "./submission-instance-results";

/**
 * One page of a run's per-instance items for browsing (GET /api/v1/submissions/{id}/instances): each listed
 * instance's scores, its gold, the run's prediction as the scorer kept it, and the judge verdicts. The rows are the
 * submission page's list (getInstanceResultsPage: public splits only, bounded page), so test-split gold and
 * per-instance test scores never reach this read. The caller decides that the viewer may read the predictions
 * (lib/submissions/prediction-access.ts); this read does not check it again.
 */

type InstanceItem = {
  benchmark_id: string;
  split: "dev" | "validation";
  predicted: boolean | null;
  metrics: Record<string, number | boolean | null>;
  gold: Prisma.JsonValue | null;
  /** the submitted output the scorer kept with the result (Task 1/2 items, Task 3 pick), null when none was kept */
  prediction: Prisma.JsonValue | null;
  /** the deterministic scorer's record (matching pairs, misses, extras) without the prediction repeated */
  scoring: Prisma.JsonValue | null;
  judge: { score_version: string; metrics: Prisma.JsonValue; verdict: Prisma.JsonValue | null }[];
};

type InstanceItemsPage = Omit<InstanceResultsPage, "rows" | "predictionsShown"> & { items: InstanceItem[] };

type Sub = Parameters<typeof getInstanceResultsPage>[1];

const record = (v: Prisma.JsonValue | null): Record<string, Prisma.JsonValue> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, Prisma.JsonValue>) : {};

function predictionOf(detail: Prisma.JsonValue | null): Prisma.JsonValue | null {
  const d = record(detail);
  if (Array.isArray(d.pred)) return { memory_items: d.pred };
  if (typeof d.selected === "string") return { selected_memory_id: d.selected };
  return null;
}

function scoringOf(detail: Prisma.JsonValue | null): Prisma.JsonValue | null {
  if (detail === null) return null;
  const { pred: _pred, selected: _selected, ...rest } = record(detail);
  return Object.keys(rest).length > 0 ? rest : null;
}

export async function getInstanceItemsPage(
  db: Db,
  submission: Sub,
  options: Omit<Parameters<typeof getInstanceResultsPage>[2], "showUploadedPredictions" | "onlyMisses">,
): Promise<InstanceItemsPage | null> {
  const page = await getInstanceResultsPage(db, submission, { ...options, showUploadedPredictions: true });
  if (!page) return null;
  const { rows, predictionsShown: _shown, ...rest } = page;
  // nothing on the page (a search that matched nothing): no per-row reads
  if (rows.length === 0) return { ...rest, items: [] };
  const versions = await versionsOf(db, submission);
  if (!versions) return null;
  const ids = rows.map((r) => r.benchmarkId);
  const listed = listedWhere(submission.id, versions.deterministic, page.track);
  const [deterministic, judged] = await Promise.all([
    db.instanceResult.findMany({
      where: { ...listed, instance: { trackId: page.track, benchmarkId: { in: ids }, split: { in: [...PUBLIC_SPLITS] } } },
      select: { detail: true, instance: { select: { benchmarkId: true, gold: { select: { gold: true } } } } },
    }),
    versions.judge.length === 0
      ? Promise.resolve([])
      : db.instanceResult.findMany({
          where: {
            submissionId: submission.id,
            scoreVersion: { in: versions.judge },
            instance: { trackId: page.track, benchmarkId: { in: ids }, split: { in: [...PUBLIC_SPLITS] } },
          },
          select: { scoreVersion: true, metrics: true, detail: true, instance: { select: { benchmarkId: true } } },
        }),
  ]);
  const byId = new Map(deterministic.map((d) => [d.instance.benchmarkId, d]));
  const items = rows.map((row): InstanceItem => {
    const d = byId.get(row.benchmarkId);
    return {
      benchmark_id: row.benchmarkId,
      split: row.split,
      predicted: row.predicted,
      metrics: row.metrics,
      gold: d?.instance.gold?.gold ?? null,
      prediction: predictionOf(d?.detail ?? null),
      scoring: scoringOf(d?.detail ?? null),
      judge: judged.filter((j) => j.instance.benchmarkId === row.benchmarkId).map((j) => ({ score_version: j.scoreVersion, metrics: j.metrics, verdict: j.detail })),
    };
  });
  return { ...rest, items };
}
