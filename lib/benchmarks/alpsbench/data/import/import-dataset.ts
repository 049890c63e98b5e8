import { createHash, randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { connectionStringOf, type Db } from "@/lib/db/create-client";
import { DatasetError } from "@/lib/benchmarks/alpsbench/data/errors";
import { type PacketOutputs, packetOutputsOf } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { readReleaseLayout } from "@/lib/benchmarks/alpsbench/data/read-release-layout";
import { ensureRealBenchmark, REAL_BENCHMARK_SLUG, seedTracks } from "../seeds/seed-reported";
import { type ImportProgress, type PhaseProgress, silentProgress } from "./import-progress";
import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { SERVER_POOL_LABELS, withCompactServerPools } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { type ReleasedTask3, releasedTask3Of } from "@/lib/benchmarks/alpsbench/pipeline/public-lookup";
import { resolvePoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { packetsFingerprint, unchangedImport } from "@/lib/benchmarks/alpsbench/pipeline/source-fingerprint";
import { type InstanceToImport, type InstanceToWrite, newInstanceId, PoolMemoryKeys, poolOf, storedInput, writeInstances } from "./write-instances";

/** The benchmark's secret pool seed, created on first use (see PoolSeed in prisma/schema/alpsbench.prisma). */
async function poolSeedOf(db: Db, benchmarkSlug: string): Promise<string> {
  const benchmark =
    benchmarkSlug === REAL_BENCHMARK_SLUG ? await ensureRealBenchmark(db) : await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: benchmarkSlug } });
  const stored = await db.poolSeed.findUnique({ where: { benchmarkVersionId: benchmark.id } });
  if (stored) return stored.seed;
  const seed = randomBytes(16).toString("hex");
  await db.poolSeed.create({ data: { benchmarkVersionId: benchmark.id, seed } });
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

/**
 * sha256 of what is stored for an instance. A Task 3 candidate list enters as its ids and its memories' keys
 * (PoolMemoryKeys, computed once per distinct memory) rather than as JSON text: serialising 5.9 million candidate
 * objects was most of the import's CPU time. The same content still gives the same hash, any change another.
 */
export function contentHashOf(instance: InstanceToImport, keys: PoolMemoryKeys = new PoolMemoryKeys()): string {
  const pool = poolOf(instance);
  const hash = createHash("sha256").update(JSON.stringify([instance.split, instance.sessionId, storedInput(instance), instance.gold, instance.meta]));
  if (pool) {
    hash.update(`\ncandidates ${pool.members.length}\n`);
    hash.update(pool.idsJoined("\n"));
    hash.update("\n");
    hash.update(keys.keysOf(pool.members).join("\n"));
  }
  return hash.digest("hex");
}

/** Reads a data directory (any layout) and imports it; see importInstances. */
export async function importDatasetFromDir(
  db: Db,
  dir: string,
  options: {
    log?: (line: string) => void;
    benchmark?: string;
    progress?: ImportProgress;
    /** packets layout: filled with every packet's stored LLM outputs (manifest order), for the re-scoring */
    packetOutputs?: PacketOutputs[];
    /**
     * packets layout: the version of the server's Task 3 pools (lib/benchmarks/alpsbench/pipeline/server-pools.ts); left out, the one
     * the data version holds, else DEFAULT_POOL_VERSION (resolvePoolVersion: another version than the stored one
     * is refused, as the two versions' instances have different ids).
     */
    poolVersion?: Task3PoolVersion;
    /** packets layout: filled with each packet's public Task 3 query and selected memory, for the lookup reference row */
    releasedTask3?: ReleasedTask3[];
  } = {},
): Promise<ImportReport> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const layout = detectLayout(dir);
  options.log?.(`reading ${layout} layout from ${dir}`);
  const benchmarkSlug = options.benchmark ?? REAL_BENCHMARK_SLUG;
  // The packets carry only the released d100 pools (whose ids leak the answer): the server builds its own
  // pools at every size. A release's own pools are imported as published.
  let instances: InstanceToImport[];
  let sourceFingerprint: string | undefined;
  if (layout === "packets") {
    const seed = await poolSeedOf(db, benchmarkSlug);
    // Files identical to the last import's (and the same pool seed and import code): nothing to read or compare.
    let checking: PhaseProgress | null = null;
    const poolVersion = await resolvePoolVersion(db, benchmarkSlug, options.poolVersion, dir);
    options.log?.(`Task 3 pools: ${SERVER_POOL_LABELS[poolVersion]}`);
    sourceFingerprint = await packetsFingerprint(
      dir,
      seed,
      (total) => {
        checking ??= progress.phase("fingerprint files", total, "files");
        checking.tick();
      },
      SERVER_POOL_LABELS[poolVersion],
    );
    const unchanged = await unchangedImport(db, benchmarkSlug, sourceFingerprint, { layout, sourcePath: path.basename(dir) });
    (checking as PhaseProgress | null)?.done(unchanged ? "the same as at the last import: nothing to read" : "new or changed since the last import");
    if (unchanged) return { benchmark: benchmarkSlug, layout, ...unchanged, seconds: (Date.now() - started) / 1000 };
    let reading: PhaseProgress | null = null;
    const read = await readPacketsLayout(dir, {
      onPacket: (total) => {
        reading ??= progress.phase("read packets", total, "files");
        reading.tick();
      },
      ...(options.packetOutputs ? { onPacketJson: (json, ref, index) => (options.packetOutputs![index] = packetOutputsOf(json, ref.shown)) } : {}),
    });
    (reading as PhaseProgress | null)?.done();
    options.releasedTask3?.push(...releasedTask3Of(read));
    const released = read.filter((i) => i.track === "task3/d100").length;
    const building = progress.phase("build Task 3 pools", released, "instances");
    instances = withCompactServerPools(read, seed, () => building.tick(), poolVersion);
    building.done();
  } else {
    const reading = progress.phase("read release files", 0, "files");
    instances = await readReleaseLayout(dir);
    reading.done(`${instances.length} instances`);
  }
  const report = await importInstances(db, instances, { benchmark: benchmarkSlug, layout, sourcePath: dir, progress, sourceFingerprint });
  return { ...report, seconds: (Date.now() - started) / 1000 };
}

/**
 * Writes instances (input and gold apart) in ONE transaction: a failure leaves the database as it was.
 * Idempotent: an instance whose content hash is unchanged is not touched; a changed one is updated in place
 * (its id, and so its results, stay). Instances absent from this import are kept, never deleted.
 * Rows go in as a few large INSERT … SELECT FROM json_to_recordset statements (lib/benchmarks/alpsbench/data/import/write-instances.ts),
 * and Task 3 candidate lists as references to memories stored once (InstancePool, PoolMemory).
 */
export async function importInstances(
  db: Db,
  instances: readonly InstanceToImport[],
  options: {
    benchmark: string;
    layout: "packets" | "release" | "demo";
    sourcePath: string;
    progress?: ImportProgress;
    /** stored with the import (see lib/benchmarks/alpsbench/pipeline/source-fingerprint.ts) */
    sourceFingerprint?: string;
  },
): Promise<Omit<ImportReport, "seconds">> {
  const progress = options.progress ?? silentProgress;
  const startedAt = new Date();
  await seedTracks(db);
  const benchmark =
    options.benchmark === REAL_BENCHMARK_SLUG ? await ensureRealBenchmark(db) : await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: options.benchmark } });
  const counts: Record<string, Record<string, number>> = {};
  for (const instance of instances) {
    counts[instance.track] ??= {};
    const perSplit = counts[instance.track]!;
    perSplit[instance.split] = (perSplit[instance.split] ?? 0) + 1;
  }
  const keys = new PoolMemoryKeys();
  const hashing = progress.phase("compare", instances.length, "instances");
  const hashes = instances.map((instance) => {
    hashing.tick();
    return contentHashOf(instance, keys);
  });
  hashing.done();

  // One transaction on a plain pg client (see connectionStringOf): a failure anywhere rolls every row back.
  const client = new pg.Client({ connectionString: connectionStringOf(db) });
  await client.connect();
  let result: { inserted: number; updated: number; unchanged: number };
  try {
    await client.query("BEGIN");
    const existing = (
      await client.query<{ id: string; trackId: string; benchmarkId: string; contentHash: string | null }>(
        `SELECT "id", "trackId", "benchmarkId", "contentHash" FROM "Instance" WHERE "benchmarkVersionId" = $1`,
        [benchmark.id],
      )
    ).rows;
    const byKey = new Map(existing.map((row) => [`${row.trackId}\u0000${row.benchmarkId}`, row]));
    const toInsert: InstanceToWrite[] = [];
    const toUpdate: InstanceToWrite[] = [];
    let unchanged = 0;
    instances.forEach((instance, index) => {
      const hash = hashes[index]!;
      const found = byKey.get(`${instance.track}\u0000${instance.benchmarkId}`);
      if (found && found.contentHash === hash) unchanged += 1;
      else if (found) toUpdate.push({ id: found.id, instance, hash });
      else toInsert.push({ id: newInstanceId(), instance, hash });
    });
    await writeInstances(client, benchmark.id, { toInsert, toUpdate }, progress, keys);
    await client.query(
      `INSERT INTO "DatasetImport" ("id", "benchmarkVersionId", "layout", "sourcePath", "counts", "inserted", "updated", "unchanged", "sourceFingerprint", "startedAt", "finishedAt")
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11)`,
      [
        newInstanceId(),
        benchmark.id,
        options.layout,
        path.basename(options.sourcePath),
        JSON.stringify(counts),
        toInsert.length,
        toUpdate.length,
        unchanged,
        options.sourceFingerprint ?? null,
        startedAt,
        new Date(),
      ],
    );
    await client.query("COMMIT");
    result = { inserted: toInsert.length, updated: toUpdate.length, unchanged };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { benchmark: options.benchmark, layout: options.layout, counts, ...result };
}
