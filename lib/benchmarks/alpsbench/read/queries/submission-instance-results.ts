import { LRUCache } from "lru-cache";
import type { Db } from "@/lib/db/create-client";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import type { Prisma } from "@/lib/generated/prisma/client";
import { explainMemorySetMatch, type MatchExplanation } from "@/lib/benchmarks/alpsbench/scoring/explain-match";
import { TrackId, taskOf } from "@/lib/benchmarks/alpsbench/track-ids";
import { memoryItemsOf, memoryItemView, type MemoryItemView } from "./submission-instance-view";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { matchingInstanceIds } from "./instance-search";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * A submission's per-instance results for its page: one page of summaries (getInstanceResultsPage), and one
 * instance explained when its row is opened (getInstanceExplanation).
 *
 * BOUNDED FOR EVERY VIEWER: a page reads at most INSTANCES_PER_PAGE result rows (LIMIT/OFFSET in the database),
 * their metrics only; an explanation reads one row. The uploaded file is never read here: the submitted items an
 * explanation shows are those the scorer kept with the instance's result (InstanceResult.detail.pred, bounded by
 * lib/benchmarks/alpsbench/pipeline/kept-submitted-items.ts). A 34 MB upload's page once decoded the whole file and explained every
 * row of it (24 s, 75 MB of HTML).
 *
 * PUBLIC SPLITS ONLY, for everyone, admins included: the rows come from dev and validation instances, whose
 * gold the benchmark publishes. Test-split instances are never read here (their gold must never leave the
 * server, and a per-instance score would probe it); they are only counted. The caller decides who may see
 * the submission at all (findVisibleSubmission).
 *
 * Task 1/2 explanations are recomputed with lib/scoring's explainer from the gold and the submitted items; the
 * page shows the stored metrics beside it, and the explainer carries the scorer's own result, so a disagreement
 * would show rather than hide.
 *
 * UPLOADED PREDICTIONS ARE NEVER SERVED BACK to anyone but their owner and admins (`showUploadedPredictions`):
 * everyone else gets the scores per instance and the matching as recorded (indices and similarities), not the
 * submitted items or the Task 3 pick. The demo seeds' generated predictions are ours and stay shown.
 */

export const PUBLIC_SPLITS = ["dev", "validation"] as const;
export const INSTANCES_PER_PAGE = 50;

export type InstanceExplanation =
  | {
      kind: "memory-set";
      gold: MemoryItemView[];
      pred: MemoryItemView[] | null;
      match: MatchExplanation | null;
      stored: StoredMatch | null;
      /** the row's items were too many to keep with its result: only their number (the file holds them) */
      predOmitted: number | null;
    }
  | { kind: "retrieval"; selected: string | null; selectionShown: boolean; goldId: string | null; goldMemory: MemoryItemView | null; hit: boolean }
  | { kind: "none" };

/** The matching as the worker stored it (InstanceResult.detail): shown when the submitted items are not. */
export type StoredMatch = {
  pairs: { goldIndex: number; predIndex: number; score: number; label: number; value: number; type: number; confidence: number }[];
  missingGold: number[];
  extraPred: number[];
  nPred: number | null;
};

/** One row of the list: what its summary line shows. */
export type InstanceSummary = {
  benchmarkId: string;
  split: "dev" | "validation";
  predicted: boolean | null;
  metrics: Record<string, number | boolean | null>;
};

export type ExplainedInstance = InstanceSummary & {
  explanation: InstanceExplanation;
  /** whether the viewer may see the submitted items (owner, admin, or not an upload) */
  predictionsShown: boolean;
};

export type InstanceResultsPage = {
  track: TrackId;
  tracks: TrackId[];
  page: number;
  pages: number;
  total: number;
  onlyMisses: boolean;
  /** the search text the rows match (instance id, input or public gold), "" for none */
  q: string;
  /** one public split only, or both (null) */
  split: "dev" | "validation" | null;
  pageSize: number;
  /** instances of the submission on the test split: scored, counted in the headline metrics, never listed */
  withheldTest: number;
  /** false when the viewer may not see an uploaded file's content (not its owner, not an admin) */
  predictionsShown: boolean;
  rows: InstanceSummary[];
};

type Sub = { id: string; tracks: string[]; scorerVersion: string | null; source: "reported" | "seed" | "upload" };

export function metricsOf(value: Prisma.JsonValue): Record<string, number | boolean | null> {
  const out: Record<string, number | boolean | null> = {};
  for (const [key, v] of Object.entries(record(value))) if (typeof v === "number" || typeof v === "boolean" || v === null) out[key] = v;
  return out;
}

/** "Misses": anything short of a perfect matching (Task 1/2) or a wrong pick (Task 3). Task 4 has no deterministic miss. */
function missFilter(track: TrackId): Prisma.InstanceResultWhereInput | null {
  const task = taskOf(track);
  if (task === "task1" || task === "task2") return { metrics: { path: ["f1"], lt: 1 } };
  if (task === "task3") return { metrics: { path: ["recall"], equals: 0 } };
  return null;
}

const tracksOf = (submission: Sub) =>
  submission.tracks.flatMap((t) => {
    const parsed = TrackId.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });

/** The current score versions: the deterministic one the rows are listed under, and any judge versions beside it. */
export async function versionsOf(db: Db, submission: Sub): Promise<{ deterministic: string; judge: string[] } | null> {
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const deterministic = versions.find((v) => !v.startsWith("judge:")) ?? versions[0];
  return deterministic ? { deterministic, judge: versions.filter((v) => v !== deterministic) } : null;
}

/** The listed rows: current deterministic results of the track's public-split instances (the one rule for both reads). */
export function listedWhere(submissionId: string, version: string, track: TrackId): Prisma.InstanceResultWhereInput {
  return { submissionId, scoreVersion: version, instance: { trackId: track, split: { in: [...PUBLIC_SPLITS] } } };
}

function summaryOf(benchmarkId: string, split: string, stored: Prisma.JsonValue, judged: Record<string, number | boolean | null> | undefined): InstanceSummary {
  // Belt and braces: the queries only read public splits; a test instance here would be a bug, so fail loudly.
  if (split !== "dev" && split !== "validation") throw new Error(`test-split instance ${benchmarkId} reached the per-instance page`);
  const metrics = { ...metricsOf(stored), ...(judged ?? {}) };
  const predicted = typeof metrics.predicted === "boolean" ? metrics.predicted : null;
  delete metrics.predicted;
  return { benchmarkId, split, predicted, metrics };
}

async function judgeMetrics(db: Db, submissionId: string, judge: string[], instanceIds: string[]) {
  if (judge.length === 0 || instanceIds.length === 0) return new Map<string, Record<string, number | boolean | null>>();
  const judged = await db.instanceResult.findMany({
    where: { submissionId, scoreVersion: { in: judge }, instanceId: { in: instanceIds } },
    select: { instanceId: true, metrics: true },
  });
  return new Map(judged.map((j) => [j.instanceId, metricsOf(j.metrics)]));
}

/**
 * Test instances of a run's track, by submission, score version and track: a count every page and search of the
 * run shows, which a score version's rows fix once scored, so it is read once a minute at most (a search
 * request's cost is what the heavy-read gate trades against the rest of the site: scripts/bench/heavy-reads.ts).
 */
const withheldCounts = new LRUCache<string, number>({ max: 10_000, ttl: 60_000 });

async function withheldTestCount(db: Db, submissionId: string, version: string, track: TrackId): Promise<number> {
  const key = `${submissionId}\n${version}\n${track}`;
  const known = withheldCounts.get(key);
  if (known !== undefined) return known;
  const count = await db.instanceResult.count({ where: { submissionId, scoreVersion: version, instance: { trackId: track, split: "test" } } });
  withheldCounts.set(key, count);
  return count;
}

export async function getInstanceResultsPage(
  db: Db,
  submission: Sub,
  options: {
    track?: string;
    page?: number;
    onlyMisses?: boolean;
    showUploadedPredictions?: boolean;
    q?: string;
    split?: "dev" | "validation";
    /** at most INSTANCES_PER_PAGE, whatever is asked */
    pageSize?: number;
  },
): Promise<InstanceResultsPage | null> {
  // default: not shown (the safe side for any new caller)
  const predictionsShown = submission.source !== "upload" || options.showUploadedPredictions === true;
  const tracks = tracksOf(submission);
  const track = tracks.find((t) => t === options.track) ?? tracks[0];
  if (!track) return null;
  const versions = await versionsOf(db, submission);
  if (!versions) return null;

  const misses = options.onlyMisses ? missFilter(track) : null;
  const q = (options.q ?? "").trim();
  const split = options.split ?? null;
  const pageSize = Math.min(INSTANCES_PER_PAGE, Math.max(1, Math.floor(options.pageSize ?? INSTANCES_PER_PAGE)));
  const listed = listedWhere(submission.id, versions.deterministic, track);
  // test instances are counted, never listed; the count does not depend on the search, so it runs beside it
  const withheld = withheldTestCount(db, submission.id, versions.deterministic, track);
  withheld.catch(() => {}); // awaited below: this only keeps an early failure of the search from leaving it unhandled
  const matched = q ? await matchingInstanceIds(db, submission.id, versions.deterministic, track, q) : null;
  const where: Prisma.InstanceResultWhereInput = {
    ...listed,
    ...(split ? { instance: { trackId: track, split } } : {}),
    ...(misses ?? {}),
    ...(matched ? { instanceId: { in: matched } } : {}),
  };
  // a search that matched nothing has no rows to count or read (the common miss costs one indexed query)
  const nothing = matched !== null && matched.length === 0;
  const [total, withheldTest] = await Promise.all([nothing ? 0 : db.instanceResult.count({ where }), withheld]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  // metrics only: the matching (detail) and the gold are read for one row when it is opened
  const results = nothing
    ? []
    : await db.instanceResult.findMany({
        where,
        orderBy: { instance: { benchmarkId: "asc" } },
        skip: (page - 1) * pageSize,
        take: pageSize,
        select: { instanceId: true, metrics: true, instance: { select: { benchmarkId: true, split: true } } },
      });
  const ids = results.map((r) => r.instanceId);
  const judged = await judgeMetrics(db, submission.id, versions.judge, ids);
  const rows = results.map((r) => summaryOf(r.instance.benchmarkId, r.instance.split, r.metrics, judged.get(r.instanceId)));
  return { track, tracks, page, pages, total, onlyMisses: misses !== null, q, split, pageSize, withheldTest, predictionsShown, rows };
}

/** A demo seed's generated rows are ours (lib/datasets/demo): its submitted items, when its results kept none. */
function demoRow(submission: Sub, track: TrackId, benchmarkId: string): unknown {
  if (submission.source !== "seed" || !submission.id.startsWith("seed-demo-")) return undefined;
  const slug = submission.id.slice("seed-demo-".length);
  const rows = getDemoDataset().systems.find((s) => s.slug === slug)?.predictions[track];
  return rows?.find((row) => record(row).benchmark_id === benchmarkId);
}

const PAIR_FIELDS = ["goldIndex", "predIndex", "score", "label", "value", "type", "confidence"] as const;

function storedMatch(detail: Prisma.JsonValue | null): StoredMatch | null {
  const d = record(detail);
  if (!Array.isArray(d.pairs)) return null;
  const num = (v: unknown) => (typeof v === "number" ? v : 0);
  const numbers = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => typeof n === "number") : []);
  return {
    pairs: d.pairs.map((p) => Object.fromEntries(PAIR_FIELDS.map((f) => [f, num(record(p)[f])])) as StoredMatch["pairs"][number]),
    missingGold: numbers(d.missingGold),
    extraPred: numbers(d.extraPred),
    nPred: typeof d.nPred === "number" ? d.nPred : null,
  };
}

/**
 * One listed instance explained: its scores, and its matching (Task 1/2) or pick (Task 3). null when the
 * submission lists no such instance (another track, a test instance, no result).
 */
export async function getInstanceExplanation(
  db: Db,
  submission: Sub,
  track: string,
  benchmarkId: string,
  options: { showUploadedPredictions?: boolean },
): Promise<ExplainedInstance | null> {
  const predictionsShown = submission.source !== "upload" || options.showUploadedPredictions === true;
  const parsed = TrackId.safeParse(track);
  if (!parsed.success || !tracksOf(submission).includes(parsed.data)) return null;
  const versions = await versionsOf(db, submission);
  if (!versions) return null;
  const result = await db.instanceResult.findFirst({
    where: {
      ...listedWhere(submission.id, versions.deterministic, parsed.data),
      instance: { trackId: parsed.data, benchmarkId, split: { in: [...PUBLIC_SPLITS] } },
    },
    select: { instanceId: true, metrics: true, detail: true, instance: { select: { benchmarkId: true, split: true, gold: { select: { gold: true } } } } },
  });
  if (!result) return null;
  const judged = await judgeMetrics(db, submission.id, versions.judge, [result.instanceId]);
  const summary = summaryOf(result.instance.benchmarkId, result.instance.split, result.metrics, judged.get(result.instanceId));
  const task = taskOf(parsed.data);
  const gold = result.instance.gold?.gold ?? null;
  const detail = record(result.detail);
  let explanation: InstanceExplanation = { kind: "none" };
  if (task === "task1" || task === "task2") {
    const goldItems = memoryItemsOf(gold);
    const demo = Array.isArray(detail.pred) ? undefined : demoRow(submission, parsed.data, benchmarkId);
    const kept = Array.isArray(detail.pred) ? detail.pred : demo !== undefined ? memoryItemsOf(demo) : null;
    const predItems = predictionsShown ? kept : null;
    explanation = {
      kind: "memory-set",
      gold: goldItems.map(memoryItemView),
      pred: predItems ? predItems.map(memoryItemView) : null,
      match: predItems ? explainMemorySetMatch(goldItems, predItems) : null,
      stored: storedMatch(result.detail),
      predOmitted: predictionsShown && typeof detail.predOmitted === "number" ? detail.predOmitted : null,
    };
  } else if (task === "task3") {
    const g = record(gold);
    // the pick is the submitted prediction itself: hit or miss is shown to everyone, the picked id only to the owner
    const recorded = typeof detail.selected === "string" ? detail.selected : null;
    const goldId = typeof g.selected_memory_id === "string" ? g.selected_memory_id : null;
    explanation = {
      kind: "retrieval",
      selected: predictionsShown ? recorded : null,
      selectionShown: predictionsShown,
      goldId,
      goldMemory: g.selected_memory ? memoryItemView(g.selected_memory) : null,
      hit: summary.metrics.recall === 1,
    };
  }
  return { ...summary, explanation, predictionsShown };
}
