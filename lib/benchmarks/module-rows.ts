import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Benchmark, OneCallBenchmark } from "./types";

type Writer = Db | Prisma.TransactionClient;

/**
 * How a registered module's uploads sit in the platform's own tables, with no table of its own: one
 * BenchmarkVersion row whose slug is the module id (it holds the module's Submissions), and one Track row per
 * module track with the id `<module>/<track>` (Score rows and Submission.tracks name it). The qualified id keeps
 * two modules' "rewards" tracks apart in the daily limits, the duplicate rule and the scores, and cannot meet an
 * AlpsBench track id (task1, task3/d300, …: no module is called "task3").
 */
export function platformTrackId(benchmark: Pick<Benchmark, "id">, trackId: string): string {
  return `${benchmark.id}/${trackId}`;
}

/** The module's own track id of a platform track id, or null when it is not one of the module's. */
export function moduleTrackId(benchmark: Benchmark, platformId: string): string | null {
  const prefix = `${benchmark.id}/`;
  if (!platformId.startsWith(prefix)) return null;
  const id = platformId.slice(prefix.length);
  return benchmark.tracks.some((t) => t.id === id) ? id : null;
}

/** Positions after AlpsBench's twelve tracks (lib/benchmarks/alpsbench/tracks.ts), in the module's order. */
const FIRST_MODULE_POSITION = 1000;

/**
 * Creates (or brings up to date) the module's BenchmarkVersion and Track rows; returns the version's id.
 * Writes only what differs: a write to BenchmarkVersion bumps the leaderboard version (the page cache's key),
 * so an upload that changes nothing must not write.
 */
export async function ensureModuleRows(db: Writer, benchmark: Benchmark): Promise<{ id: string; slug: string }> {
  const fields = { name: benchmark.title, description: benchmark.description, source: `module:${benchmark.id}` };
  const existing = await db.benchmarkVersion.findUnique({
    where: { slug: benchmark.id },
    select: { id: true, slug: true, name: true, description: true, source: true },
  });
  const same = existing && existing.name === fields.name && existing.description === fields.description && existing.source === fields.source;
  const version = same
    ? { id: existing.id, slug: existing.slug }
    : await db.benchmarkVersion.upsert({
        where: { slug: benchmark.id },
        create: { slug: benchmark.id, ...fields },
        update: fields,
        select: { id: true, slug: true },
      });
  const ids = benchmark.tracks.map((t) => platformTrackId(benchmark, t.id));
  const rows = new Map((await db.track.findMany({ where: { id: { in: ids } } })).map((r) => [r.id, r]));
  for (const [index, track] of benchmark.tracks.entries()) {
    const id = platformTrackId(benchmark, track.id);
    const row = { task: benchmark.id, label: `${benchmark.title} · ${track.title}`, position: FIRST_MODULE_POSITION + index };
    const stored = rows.get(id);
    if (stored && stored.task === row.task && stored.label === row.label && stored.position === row.position) continue;
    await db.track.upsert({ where: { id }, create: { id, ...row }, update: row });
  }
  return version;
}

/**
 * The score version of a module track's uploads: its Score rows and the Submission carry it. Qualified by
 * benchmark and track, so two modules' "1" never meet, and never equal AlpsBench's SCORER_VERSION ("det-…").
 */
export function moduleScoreVersion(benchmark: Pick<Benchmark, "id">, track: { id: string; scorerVersion: string }): string {
  return `${benchmark.id}/${track.id}@${track.scorerVersion}`;
}

/** Positions after the benchmark at "/"'s tracks and the modules' (module-rows.ts starts at 1000). */
const FIRST_PIPELINE_POSITION = 2000;

/**
 * The default seed of a benchmark that prepares its own files (hosted-capabilities.ts): a BenchmarkVersion per data
 * version and a Track per track (its own ids), created when missing, nothing that exists changed; the phrases.
 */
export async function ensurePipelineRows(
  db: Db,
  benchmark: Benchmark,
  capabilities: { dataVersions: readonly string[]; dataVersionLabel(slug: string): string | null },
): Promise<string[]> {
  const versions = await db.benchmarkVersion.createMany({
    data: capabilities.dataVersions.map((slug) => ({
      slug,
      name: capabilities.dataVersionLabel(slug) ?? slug,
      description: `${benchmark.title}: its data version ${slug}, declared by the benchmark.`,
      source: `pipeline:${benchmark.id}`,
    })),
    skipDuplicates: true,
  });
  const tracks = await db.track.createMany({
    data: benchmark.tracks.map((track, index) => ({
      id: track.id,
      task: benchmark.id,
      label: `${benchmark.title} · ${track.title}`,
      position: FIRST_PIPELINE_POSITION + index,
    })),
    skipDuplicates: true,
  });
  return [`${versions.count} data versions`, `${tracks.count} tracks`];
}

/** The scorer version the platform's snapshot of a one-call benchmark carries (module-snapshot.ts): each track's scorer. */
export const oneCallScorerVersion = (benchmark: Pick<OneCallBenchmark, "tracks">): string => benchmark.tracks.map((t) => `${t.id}@${t.scorerVersion}`).join(", ");
