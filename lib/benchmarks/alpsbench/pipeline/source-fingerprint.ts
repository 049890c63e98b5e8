import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { listPacketFiles, locateTask4Records } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { SERVER_POOL_VERSION } from "./server-pools";

/**
 * Bump whenever reading the packets, building the server's pools or what is stored per instance changes in a way
 * the files do not show: an import whose fingerprint equals the last one's trusts the database and reads nothing
 * further (that is what makes each `npm start` with ALPSBENCH_DATA_DIR take seconds, not a full import).
 */
const IMPORT_FINGERPRINT_VERSION = "packets-import-v1";

/**
 * sha256 of every file the packets reader can read (the packets folder, all of it, in path order, and
 * task4-records.jsonl) and of what turns them into instances: this code's version, the pool builder's and the
 * benchmark's secret pool seed (so the stored digest says nothing about the seed). Hashing 165 MB costs well
 * under a second; parsing it and building 5.9 million candidates costs far more.
 */
export async function packetsFingerprint(dir: string, poolSeed: string, onFile?: (total: number) => void, poolLabel: string = SERVER_POOL_VERSION): Promise<string> {
  const { packetsDir, shown } = await listPacketFiles(dir);
  const names = (await readdir(packetsDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(packetsDir, path.join(entry.parentPath, entry.name)))
    .sort();
  const records = await locateTask4Records(dir, packetsDir, undefined, shown);
  const files = [
    ...names.map((name) => ({ label: `packets/${name.split(path.sep).join("/")}`, file: path.join(packetsDir, name) })),
    ...(records ? [{ label: "task4-records", file: records }] : []),
  ];
  const hash = createHash("sha256").update(`${IMPORT_FINGERPRINT_VERSION}\n${poolLabel}\n${poolSeed}\n`);
  for (const { label, file } of files) {
    const bytes = await readFile(file);
    hash.update(`${label}\u0000${bytes.length}\u0000`).update(bytes);
    onFile?.(files.length);
  }
  return hash.digest("hex");
}

/**
 * When the benchmark's last import had this fingerprint and every instance it counted is still there: records
 * this import (all unchanged, same fingerprint) and returns its figures. Otherwise null: import in full.
 */
export async function unchangedImport(
  db: Db,
  benchmarkSlug: string,
  fingerprint: string,
  source: { layout: string; sourcePath: string },
): Promise<{ counts: Record<string, Record<string, number>>; inserted: 0; updated: 0; unchanged: number } | null> {
  const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: benchmarkSlug }, select: { id: true } });
  const last = await db.datasetImport.findFirst({ where: { benchmarkVersionId: benchmark.id }, orderBy: { finishedAt: "desc" } });
  if (!last || last.sourceFingerprint !== fingerprint) return null;
  const counts = last.counts as Record<string, Record<string, number>>;
  const counted = Object.values(counts).reduce((sum, perSplit) => sum + Object.values(perSplit).reduce((a, b) => a + b, 0), 0);
  // Instances are never deleted by an import; one deleted by hand is brought back by a full import.
  const present = await db.instance.count({ where: { benchmarkVersionId: benchmark.id } });
  if (present < counted) return null;
  const now = new Date();
  await db.datasetImport.create({
    data: {
      benchmarkVersionId: benchmark.id,
      ...source,
      counts,
      inserted: 0,
      updated: 0,
      unchanged: counted,
      sourceFingerprint: fingerprint,
      startedAt: now,
      finishedAt: now,
    },
  });
  return { counts, inserted: 0, updated: 0, unchanged: counted };
}
