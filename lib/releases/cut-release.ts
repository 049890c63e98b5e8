import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getBenchmark, hostedBenchmarks } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import type { Db } from "@/lib/db/create-client";
import { ReleaseSnapshot } from "./release-snapshot";

type ReleaseTrigger = "admin" | "automatic";

/**
 * What can be released: every data version of every benchmark, by the name GET /api/v1/snapshot?benchmark= takes;
 * one whose data is imported into a BenchmarkVersion row only once this server holds that row.
 */
async function releasableBenchmarks(db: Db): Promise<string[]> {
  const stored = new Set((await db.benchmarkVersion.findMany({ select: { slug: true } })).map((b) => b.slug));
  return hostedBenchmarks().flatMap((b) => capabilitiesOf(b).dataVersions.filter((v) => stored.has(v) || !capabilitiesOf(b).importedDataVersions.includes(v)));
}

/**
 * The data version a board is computed on: the last import's source fingerprint (or its id when it was not
 * fingerprinted), else when the data version row was created; "none" for a benchmark with no data yet.
 */
async function dataVersionOf(db: Db, benchmark: string): Promise<string> {
  const version = await db.benchmarkVersion.findUnique({
    where: { slug: benchmark },
    select: { importedAt: true, imports: { orderBy: { finishedAt: "desc" }, take: 1, select: { id: true, sourceFingerprint: true } } },
  });
  if (!version) return "none";
  const last = version.imports[0];
  return last ? (last.sourceFingerprint ?? `import:${last.id}`) : `created:${version.importedAt.toISOString()}`;
}

/** The benchmark's snapshot as its API answers it now (the same code path, so a release equals a download). */
async function currentSnapshot(db: Db, benchmark: string): Promise<{ json: Prisma.InputJsonValue; parsed: ReleaseSnapshot }> {
  const response = await snapshotResponse(db, new URLSearchParams({ benchmark }));
  const json = (await response.json()) as Prisma.InputJsonValue;
  if (!response.ok) throw new Error(`${benchmark}: the snapshot cannot be read (${JSON.stringify(json)})`);
  return { json, parsed: ReleaseSnapshot.parse(json) };
}

export class UnknownReleaseBenchmark extends Error {}

/** Cuts a release of `benchmark` now: its current snapshot stored with the scorer and data versions. */
export async function cutRelease(db: Db, benchmark: string, options: { trigger: ReleaseTrigger; note?: string | null }) {
  const known = await releasableBenchmarks(db);
  if (!known.includes(benchmark)) {
    throw new UnknownReleaseBenchmark(`"${benchmark}" is not a benchmark this server can release; known: ${known.join(", ") || "none"}`);
  }
  const [{ json, parsed }, dataVersion] = await Promise.all([currentSnapshot(db, benchmark), dataVersionOf(db, benchmark)]);
  const contentHash = createHash("sha256").update(JSON.stringify(parsed.views)).digest("hex");
  return db.release.create({
    data: {
      benchmark,
      scorerVersion: parsed.snapshot.scorerVersion,
      dataVersion,
      trigger: options.trigger,
      note: options.note ?? null,
      contentHash,
      snapshot: json,
    },
    select: { id: true, benchmark: true, scorerVersion: true, dataVersion: true, trigger: true, note: true, contentHash: true, cutAt: true },
  });
}

/**
 * The automatic rule: a benchmark gets a release when it has none yet, or when its scorer version or its data
 * version differs from its latest release's; an imported data version only once it has imported data. Run at every start after the import (scripts/start.ts) and by
 * `alpsbench admin release --auto`; running it twice in a row cuts nothing the second time.
 */
export async function cutChangedReleases(db: Db): Promise<{ benchmark: string; id: string; reason: string }[]> {
  const cut: { benchmark: string; id: string; reason: string }[] = [];
  const importedVersions = new Set(hostedBenchmarks().flatMap((b) => capabilitiesOf(b).importedDataVersions));
  for (const benchmark of await releasableBenchmarks(db)) {
    const latest = await db.release.findFirst({ where: { benchmark }, orderBy: { cutAt: "desc" }, select: { scorerVersion: true, dataVersion: true } });
    const dataVersion = await dataVersionOf(db, benchmark);
    // an imported data version with nothing imported yet holds only its seeded (published) figures: a release of it
    // would stand beside the one cut when its data arrives, under the same name (a first `npm start` without the data)
    if (importedVersions.has(benchmark) && !imported(dataVersion)) continue;
    // the scorer version a snapshot of it would carry now (built only where the version is not known without one)
    const hosted = getBenchmark(benchmark);
    const known = hosted ? capabilitiesOf(hosted).snapshotScorerVersion : null;
    const scorerVersion = latest ? (known ?? (await currentSnapshot(db, benchmark)).parsed.snapshot.scorerVersion) : null;
    const reason = !latest
      ? "first release"
      : latest.scorerVersion !== scorerVersion
        ? `scorer ${latest.scorerVersion} -> ${scorerVersion}`
        : latest.dataVersion !== dataVersion
          ? "new data version"
          : null;
    if (reason === null) continue;
    const release = await cutRelease(db, benchmark, { trigger: "automatic", note: `automatic: ${reason}` });
    cut.push({ benchmark, id: release.id, reason });
  }
  return cut;
}

/** Whether a data version (dataVersionOf) comes from an import, not from the seed alone. */
const imported = (dataVersion: string) => dataVersion !== "none" && !dataVersion.startsWith("created:");
