import type { Db } from "@/lib/db/create-client";
import { cachedTask3PoolRefs, candidateIdsAt, type Task3PoolRefsReader } from "@/lib/benchmarks/alpsbench/read/queries/task3-pool-refs";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { writeSeededFacts } from "@/lib/model-facts/seeded-facts";
import { type ImportProgress, silentProgress } from "../import/import-progress";
import {
  candidatePositions,
  contentlessProfile,
  copyInputRows,
  emptyMemoryRows,
  emptyPickRows,
  LABELS_TYPES_MAX_ITEMS,
  labelsAndTypesRows,
  RANDOM_BASELINE_SEED,
} from "@/lib/benchmarks/alpsbench/pipeline/reference-predictions";
import { isCurrent, seedScoredSubmission } from "./seed-scored-submission";
import { SITE } from "@/lib/platform/site";

/**
 * The server's trivial reference rows, one system each (kind `baseline`: shown on every board where they land,
 * never ranked). Task 4 has none: its metrics come from a judge, which an empty answer would only cost calls.
 * BM25 (lib/benchmarks/alpsbench/data/seeds/seed-bm25-baseline.ts) is one more, seeded beside these.
 */
export const REFERENCE_BASELINES = {
  empty: {
    slug: "baseline-empty",
    name: "Empty prediction (baseline)",
    description: "Predicts nothing: no memory item on Tasks 1 and 2, no pick on Task 3. Computed by this server from the data.",
  },
  copyInput: {
    slug: "baseline-copy-input",
    name: "Copy the input (baseline)",
    description:
      "Task 2: returns each instance's input memory pool unchanged, applying no update. Computed by this server from the data; an update model that does not beat it has not shown it updates anything.",
  },
  labelsTypes: {
    slug: "baseline-labels-types",
    name: "Labels and types only (baseline)",
    description: `Tasks 1 and 2: the same memory items for every instance, read from the public memory pools (Task 2's inputs) alone: the commonest labels (as many as the median pool holds, at most ${LABELS_TYPES_MAX_ITEMS}), each with the commonest type, the median confidence and a value that says nothing ("The user mentions topic N"). What the metric gives a file with no content; an upload that does not beat it is listed unranked. Computed by this server from the data.`,
  },
  firstCandidate: {
    slug: "baseline-first-candidate",
    name: "First candidate (baseline)",
    description: "Task 3: picks the first candidate of every pool, in the order the pool lists them. Computed by this server from the data.",
  },
  randomCandidate: {
    slug: "baseline-random-candidate",
    name: "Random candidate (baseline)",
    description: `Task 3: picks one candidate of every pool uniformly at random with a fixed seed ("${RANDOM_BASELINE_SEED}"), so every server draws the same picks. Computed by this server from the data.`,
  },
} as const;

type ReferenceBaseline = keyof typeof REFERENCE_BASELINES;

const systemFields = (b: (typeof REFERENCE_BASELINES)[ReferenceBaseline]) => ({
  name: b.name,
  organisation: SITE.name,
  kind: "baseline" as const,
  backbone: null,
  description: b.description,
});

const NOTE = "A reference row computed by this server from the data and scored by the same scorer as uploads; never ranked.";

/** Public benchmark ids (and inputs when asked) of a track's instances with gold, in benchmark-id order. */
async function instancesOf(db: Db, benchmarkVersionId: string, track: TrackId, withInput: boolean) {
  return db.instance.findMany({
    where: { benchmarkVersionId, trackId: track, gold: { isNot: null } },
    select: { benchmarkId: true, input: withInput },
    orderBy: { benchmarkId: "asc" },
  });
}

/**
 * Task 3 prediction rows of every pool size from one pick per pool (a candidate position, or null: no pick);
 * `onSize` is called once per pool size, pools or not.
 */
export async function task3PickRows(
  db: Db,
  poolRefs: Task3PoolRefsReader,
  positionsOf: (refs: Awaited<ReturnType<Task3PoolRefsReader>>, track: TrackId) => readonly (number | null)[],
  onSize?: () => void,
): Promise<Partial<Record<TrackId, unknown[]>>> {
  const out: Partial<Record<TrackId, unknown[]>> = {};
  for (const size of POOL_SIZES) {
    const track = `task3/d${size}` as TrackId;
    const refs = await poolRefs(track);
    onSize?.();
    if (!refs.pools.length) continue;
    const positions = positionsOf(refs, track);
    const picks = refs.pools.flatMap((pool, k) => (positions[k] == null ? [] : [{ instanceId: pool.instanceId, index: positions[k] }]));
    const ids = await candidateIdsAt(db, picks);
    out[track] = refs.pools.map((pool) => ({ benchmark_id: pool.benchmarkId, selected_memory_id: ids.get(pool.instanceId) ?? null }));
  }
  return out;
}

/** Task 3 picks at a rule's positions; a different stream per pool size: the d100 and d1000 picks are independent draws. */
const rulePicks = (db: Db, poolRefs: Task3PoolRefsReader, rule: "first" | { random: string }) =>
  task3PickRows(db, poolRefs, (refs, track) =>
    candidatePositions(
      refs.pools.map((p) => ({ benchmarkId: p.benchmarkId, size: p.memoryIndexes.length })),
      rule === "first" ? "first" : { random: `${rule.random}|${track}` },
    ),
  );

/**
 * Every reference baseline of a benchmark, scored by the real pipeline from the data in the database (at import
 * and seed time; a re-import that changes instances drops server-made submissions, so they are computed again).
 * Idempotent: a baseline already scored under the current scorer version is not recomputed.
 */
export async function seedReferenceBaselines(
  db: Db,
  benchmarkVersionId: string,
  benchmarkSlug: string,
  progress: ImportProgress = silentProgress,
  /** the pools, when the caller reads them for other reference rows too (importRealData) */
  poolRefs: Task3PoolRefsReader = cachedTask3PoolRefs(db, benchmarkVersionId),
): Promise<Record<ReferenceBaseline, "created" | "unchanged" | "no-data">> {
  const builders: Record<ReferenceBaseline, () => Promise<Partial<Record<TrackId, unknown[]>>>> = {
    empty: async () => {
      const out: Partial<Record<TrackId, unknown[]>> = {};
      for (const track of ["task1", "task2", ...POOL_SIZES.map((size) => `task3/d${size}` as const)] as const) {
        const ids = (await instancesOf(db, benchmarkVersionId, track, false)).map((i) => i.benchmarkId);
        if (ids.length) out[track] = track.startsWith("task3/") ? emptyPickRows(ids) : emptyMemoryRows(ids);
      }
      return out;
    },
    copyInput: async () => {
      const instances = await instancesOf(db, benchmarkVersionId, "task2", true);
      return instances.length ? { task2: copyInputRows(instances.map((i) => ({ benchmarkId: i.benchmarkId, input: i.input }))) } : {};
    },
    labelsTypes: async () => {
      // the labels anyone can read: Task 2's public input pools
      const profile = contentlessProfile((await instancesOf(db, benchmarkVersionId, "task2", true)).map((i) => i.input));
      const out: Partial<Record<TrackId, unknown[]>> = {};
      for (const track of ["task1", "task2"] as const) {
        const ids = (await instancesOf(db, benchmarkVersionId, track, false)).map((i) => i.benchmarkId);
        const rows = labelsAndTypesRows(ids, profile);
        if (rows.length) out[track] = rows;
      }
      return out;
    },
    firstCandidate: () => rulePicks(db, poolRefs, "first"),
    randomCandidate: () => rulePicks(db, poolRefs, { random: RANDOM_BASELINE_SEED }),
  };
  const names = Object.keys(REFERENCE_BASELINES) as ReferenceBaseline[];
  const phase = progress.phase("reference baselines", names.length, "baselines");
  const outcome = {} as Record<ReferenceBaseline, "created" | "unchanged" | "no-data">;
  for (const name of names) {
    const def = REFERENCE_BASELINES[name];
    const fields = systemFields(def);
    const system = await db.system.upsert({ where: { slug: def.slug }, create: { slug: def.slug, ...fields }, update: fields });
    // computed here from the data, nothing closed: open, unless an admin says otherwise (never overwritten)
    await writeSeededFacts(db, system.id, { openWeights: true });
    const id = `seed-baseline-${name}-${benchmarkSlug}`;
    if (await isCurrent(db, id)) {
      outcome[name] = "unchanged";
    } else {
      const predictions = await builders[name]();
      outcome[name] =
        Object.keys(predictions).length === 0 ? "no-data" : await seedScoredSubmission(db, { id, systemId: system.id, benchmarkVersionId, note: NOTE, predictions });
    }
    phase.tick();
  }
  phase.done();
  return outcome;
}
