import { createHash, randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/create-client";
import { DatasetError } from "@/lib/datasets/errors";
import type { NormalizedInstance } from "@/lib/datasets/normalized-instance";
import { readPacketsLayout } from "@/lib/datasets/read-packets-layout";
import { readReleaseLayout } from "@/lib/datasets/read-release-layout";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ensureRealBenchmark, REAL_BENCHMARK_SLUG, seedTracks } from "./seed-reported";
import { withServerPools } from "./server-pools";

/** The benchmark's secret pool seed, created on first use (see BenchmarkVersion.poolSeed). */
async function poolSeedOf(db: Db, benchmarkSlug: string): Promise<string> {
  const benchmark =
    benchmarkSlug === REAL_BENCHMARK_SLUG ? await ensureRealBenchmark(db) : await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: benchmarkSlug } });
  if (benchmark.poolSeed) return benchmark.poolSeed;
  const seed = randomBytes(16).toString("hex");
  await db.benchmarkVersion.update({ where: { id: benchmark.id }, data: { poolSeed: seed } });
  return seed;
}

export type ImportReport = {
  layout: "packets" | "release" | "demo";
  benchmark: string;
  counts: Record<string, Record<string, number>>;
  inserted: number;
  updated: number;
  unchanged: number;
  seconds: number;
};

/** Which layout a directory holds; a clear error when it holds neither. */
export function detectLayout(dir: string): "packets" | "release" {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new DatasetError({ code: "missing_directory", file: dir, message: "the data directory does not exist or is not a directory" });
  }
  if (existsSync(path.join(dir, "benchmark_data")) || ["dev", "validation", "test"].some((s) => existsSync(path.join(dir, s)))) return "release";
  if (existsSync(path.join(dir, "packets")) || existsSync(path.join(dir, "chunks"))) return "packets";
  throw new DatasetError({
    code: "missing_directory",
    file: dir,
    message: "no AlpsBench data here: expected packets/ (+ task4-records.jsonl) or benchmark_data/<split>/<track>/model_input.jsonl",
  });
}

export function contentHashOf(instance: NormalizedInstance): string {
  return createHash("sha256")
    .update(JSON.stringify([instance.split, instance.sessionId, instance.input, instance.gold, instance.meta]))
    .digest("hex");
}

/** Reads a data directory (any layout) and imports it; see importInstances. */
export async function importDatasetFromDir(db: Db, dir: string, options: { log?: (line: string) => void; benchmark?: string } = {}): Promise<ImportReport> {
  const started = Date.now();
  const layout = detectLayout(dir);
  options.log?.(`reading ${layout} layout from ${dir}`);
  const benchmarkSlug = options.benchmark ?? REAL_BENCHMARK_SLUG;
  // The packets carry only the released d100 pools (whose ids leak the answer): the server builds its own
  // pools at every size. A release's own pools are imported as published.
  const instances =
    layout === "packets" ? withServerPools(await readPacketsLayout(dir), await poolSeedOf(db, benchmarkSlug)) : await readReleaseLayout(dir);
  const report = await importInstances(db, instances, { benchmark: benchmarkSlug, layout, sourcePath: dir });
  return { ...report, seconds: (Date.now() - started) / 1000 };
}

/**
 * Writes instances (input and gold apart) in ONE transaction: a failure leaves the database as it was.
 * Idempotent: an instance whose content hash is unchanged is not touched; a changed one is updated in place
 * (its id, and so its results, stay). Instances absent from this import are kept, never deleted.
 */
export async function importInstances(
  db: Db,
  instances: readonly NormalizedInstance[],
  options: { benchmark: string; layout: "packets" | "release" | "demo"; sourcePath: string },
): Promise<Omit<ImportReport, "seconds">> {
  const startedAt = new Date();
  await seedTracks(db);
  const benchmark =
    options.benchmark === REAL_BENCHMARK_SLUG
      ? await ensureRealBenchmark(db)
      : await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: options.benchmark } });
  const counts: Record<string, Record<string, number>> = {};
  for (const instance of instances) {
    counts[instance.track] ??= {};
    const perSplit = counts[instance.track]!;
    perSplit[instance.split] = (perSplit[instance.split] ?? 0) + 1;
  }

  const result = await db.$transaction(
    async (tx) => {
      const existing = await tx.instance.findMany({
        where: { benchmarkVersionId: benchmark.id },
        select: { id: true, trackId: true, benchmarkId: true, contentHash: true },
      });
      const byKey = new Map(existing.map((row) => [`${row.trackId}\u0000${row.benchmarkId}`, row]));
      const toInsert: { data: Prisma.InstanceCreateManyInput; gold: unknown }[] = [];
      let updated = 0;
      let unchanged = 0;
      for (const instance of instances) {
        const hash = contentHashOf(instance);
        const found = byKey.get(`${instance.track}\u0000${instance.benchmarkId}`);
        if (found && found.contentHash === hash) {
          unchanged += 1;
          continue;
        }
        const data = {
          benchmarkVersionId: benchmark.id,
          trackId: instance.track,
          benchmarkId: instance.benchmarkId,
          split: instance.split,
          sessionId: instance.sessionId,
          input: instance.input as Prisma.InputJsonValue,
          meta: instance.meta as Prisma.InputJsonValue,
          contentHash: hash,
        };
        if (found) {
          await tx.instance.update({ where: { id: found.id }, data });
          if (instance.gold === null) await tx.instanceGold.deleteMany({ where: { instanceId: found.id } });
          else
            await tx.instanceGold.upsert({
              where: { instanceId: found.id },
              create: { instanceId: found.id, gold: instance.gold as Prisma.InputJsonValue },
              update: { gold: instance.gold as Prisma.InputJsonValue },
            });
          updated += 1;
        } else {
          toInsert.push({ data, gold: instance.gold });
        }
      }
      // createManyAndReturn gives the new ids so gold rows can follow in the same batch.
      const BATCH = 500;
      for (let start = 0; start < toInsert.length; start += BATCH) {
        const batch = toInsert.slice(start, start + BATCH);
        const created = await tx.instance.createManyAndReturn({ data: batch.map((b) => b.data), select: { id: true, trackId: true, benchmarkId: true } });
        const goldByKey = new Map(batch.map((b) => [`${b.data.trackId}\u0000${b.data.benchmarkId}`, b.gold]));
        const golds = created
          .map((row) => ({ instanceId: row.id, gold: goldByKey.get(`${row.trackId}\u0000${row.benchmarkId}`) }))
          .filter((g): g is { instanceId: string; gold: Prisma.InputJsonValue } => g.gold !== null && g.gold !== undefined);
        if (golds.length) await tx.instanceGold.createMany({ data: golds });
      }
      await tx.datasetImport.create({
        data: {
          benchmarkVersionId: benchmark.id,
          layout: options.layout,
          sourcePath: path.basename(options.sourcePath),
          counts,
          inserted: toInsert.length,
          updated,
          unchanged,
          startedAt,
          finishedAt: new Date(),
        },
      });
      return { inserted: toInsert.length, updated, unchanged };
    },
    { timeout: 15 * 60_000, maxWait: 60_000 },
  );
  return { benchmark: options.benchmark, layout: options.layout, counts, ...result };
}
