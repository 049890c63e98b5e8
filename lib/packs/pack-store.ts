import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { Db } from "@/lib/db/create-client";
import type { PackManifest } from "./manifest";
import { sha256Hex, writePack, type PackEntry } from "./zip-pack";

/**
 * Reproducibility packs built once and served from the database (table "StoredPack", one row per submission), so
 * a download is a read, not a re-score: building a 1.5 MB Task 1 pack costs seconds of CPU (the per-instance rows,
 * the gunzipped upload, the zip). The row carries the `key` it was built for, a hash of everything the pack is made
 * from (packKey); a re-score, a judge run, a visibility or publishing change or a rename gives a new key and the
 * next request rebuilds. The store is shared by every web process: a burst builds a pack once, under a per-process
 * single flight and a PostgreSQL advisory lock across processes. Who may read a pack is decided before the store
 * is asked (lib/packs/pack-response.ts): the store never answers for a submission the viewer cannot see.
 */
type PackBuilder = (db: Db, submissionId: string) => Promise<{ manifest: Omit<PackManifest, "files">; entries: PackEntry[] } | null>;
export type StoredPackRef = { key: string; sha256: string; size: number };

/** What the pack of a submission is built from, hashed: anything that changes its bytes changes this. */
export async function packKey(db: Db, submissionId: string): Promise<string | null> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    select: {
      status: true,
      source: true,
      visibility: true,
      hiddenAt: true,
      publishPredictions: true,
      scorerVersion: true,
      finishedAt: true,
      fileSha256: true,
      fileName: true,
      tracks: true,
      split: true,
      rewardFill: { select: { source: true } },
      system: { select: { name: true, slug: true } },
      benchmarkVersion: { select: { slug: true, source: true, importedAt: true } },
    },
  });
  if (!submission) return null;
  // hashed as when the reward source was a Submission column (same key, same place, null when none), so the move to
  // RewardFill left every stored pack's key, and so its bytes, as they were
  const { rewardFill, system, benchmarkVersion, ...columns } = submission;
  const hashed = { ...columns, rewardSource: rewardFill?.source ?? null, system, benchmarkVersion };
  // every score row's version, kind and time: a re-score or a judge run writes new rows or new times (and a
  // benchmark's own marks of the figures, such as AlpsBench's noised test figures, are written with its Score rows);
  // rows of a benchmark's own tables come from its declared parts (AlpsBench's SplitScore rows), sorted in with them
  const { packKeyParts } = capabilitiesOf(benchmarkOfDataVersion(benchmarkVersion.slug));
  const [scores, own] = await Promise.all([
    db.score.groupBy({ by: ["scoreVersion", "kind"], where: { submissionId }, _max: { computedAt: true }, _count: { _all: true } }),
    packKeyParts(db, submissionId),
  ]);
  const versions = [...scores.map((g) => `s:${g.scoreVersion}:${g.kind}:${g._count._all}:${g._max.computedAt?.toISOString()}`), ...own].sort();
  return createHash("sha256")
    .update(JSON.stringify({ ...hashed, hiddenAt: submission.hiddenAt?.toISOString() ?? null, versions }))
    .digest("hex");
}

/** The stored pack's reference (no bytes), whatever key it was built for. */
export async function storedPackRef(db: Db, submissionId: string): Promise<StoredPackRef | null> {
  return db.storedPack.findUnique({ where: { submissionId }, select: { key: true, sha256: true, size: true } });
}

/**
 * Packs recently served, by content hash (the key says which bytes, not whose: the caller looked the hash up for a
 * submission the viewer may read). Bounded in bytes; each process has its own.
 */
const recent = new LRUCache<string, Uint8Array>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (bytes) => Math.max(1, bytes.byteLength) });

/** The bytes of a stored pack, null when the row changed since `ref` was read (the caller asks again). */
export async function storedPackBytes(db: Db, submissionId: string, ref: StoredPackRef): Promise<Uint8Array | null> {
  const cached = recent.get(ref.sha256);
  if (cached) return cached;
  const row = await db.storedPack.findFirst({ where: { submissionId, sha256: ref.sha256 }, select: { bytes: true } });
  if (!row) return null;
  const bytes = new Uint8Array(row.bytes);
  recent.set(ref.sha256, bytes);
  return bytes;
}

const inFlight = new Map<string, Promise<(StoredPackRef & { bytes: Uint8Array }) | null>>();

/**
 * The pack of `submissionId` for `key`: read from the store, or built and stored once, whoever else asks at the
 * same time (in this process: the same promise; in another: the advisory lock, then the row it wrote). null: the
 * benchmark builds no pack for it (a reported row, a run not finished) or the submission was deleted meanwhile.
 */
export function buildStoredPack(db: Db, submissionId: string, key: string, build: PackBuilder): Promise<(StoredPackRef & { bytes: Uint8Array }) | null> {
  const flight = `${submissionId}\n${key}`;
  let running = inFlight.get(flight);
  if (!running) {
    running = buildUnderLock(db, submissionId, key, build).finally(() => inFlight.delete(flight));
    inFlight.set(flight, running);
  }
  return running;
}

async function buildUnderLock(db: Db, submissionId: string, key: string, build: PackBuilder) {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`stored-pack:${submissionId}`}, 0))`;
      const done = await tx.storedPack.findUnique({ where: { submissionId }, select: { key: true, sha256: true, size: true, bytes: true } });
      if (done && done.key === key) return { ...done, bytes: new Uint8Array(done.bytes) };
      // built outside the transaction's connection (the builder reads with its own queries); content read after
      // `key` was computed is at least as new as the key says, and a newer key rebuilds on its next request
      const built = await build(db, submissionId);
      if (!built) return null;
      const bytes = writePack(built.manifest, built.entries);
      const sha256 = sha256Hex(bytes);
      // the submission may have been deleted while its pack was built: no row then (the insert finds no parent)
      const written = await tx.$executeRaw`
        INSERT INTO "StoredPack" ("submissionId", "key", "sha256", "size", "bytes")
        SELECT ${submissionId}, ${key}, ${sha256}, ${bytes.byteLength}, ${Buffer.from(bytes)}
        WHERE EXISTS (SELECT 1 FROM "Submission" WHERE id = ${submissionId})
        ON CONFLICT ("submissionId") DO UPDATE SET "key" = EXCLUDED."key", "sha256" = EXCLUDED."sha256", "size" = EXCLUDED."size",
          "bytes" = EXCLUDED."bytes", "builds" = "StoredPack"."builds" + 1, "builtAt" = now()`;
      if (written === 0) return null;
      recent.set(sha256, bytes);
      return { key, sha256, size: bytes.byteLength, bytes };
    },
    // the build of the largest pack takes seconds on a busy machine; waiting for a connection too
    { timeout: 300_000, maxWait: 60_000 },
  );
}
