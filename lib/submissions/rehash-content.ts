import { env } from "@/lib/env";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { moduleTrackId } from "@/lib/benchmarks/module-rows";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";
import { parseUploadRows } from "@/lib/benchmarks/read-upload-rows";
import type { Db } from "@/lib/db/create-client";
import { contentSha256, rowDigest } from "@/lib/uploads/content-hash";
import { newPredictionStreamStats, parsePredictionStream } from "@/lib/uploads/parse-prediction-stream";
import { scoredProjection } from "@/lib/benchmarks/alpsbench/upload/scored-projection";
import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { moduleContentSha256 } from "./prepare-module-file";

/**
 * `alpsbench admin rehash-content`: re-computes the content hash of every stored upload from its file, as an upload
 * computes it today. Hashes written before the duplicate rule compared the scored projection
 * (lib/predictions/scored-projection.ts) covered whole rows, so without this an exact re-upload of such a file would no longer be recognised. Reads each
 * stored file (already validated when it was accepted) with the same parsers; idempotent; one submission at a time.
 */
export async function rehashStoredContent(db: Db, log: (line: string) => void = () => {}): Promise<{ checked: number; changed: number }> {
  let checked = 0;
  let changed = 0;
  let cursor: string | undefined;
  for (;;) {
    const batch = await db.submission.findMany({
      where: { source: "upload", contentSha256: { not: null }, ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: "asc" },
      take: 20,
      select: { id: true, tracks: true, fileName: true, contentSha256: true, benchmarkVersion: { select: { slug: true } } },
    });
    if (batch.length === 0) return { checked, changed };
    for (const submission of batch) {
      cursor = submission.id;
      const row = await db.submission.findUnique({ where: { id: submission.id }, select: { fileBytes: true } });
      if (!row?.fileBytes) continue;
      const hash = await storedContentSha256(submission.benchmarkVersion.slug, submission.tracks[0] ?? "", submission.fileName, row.fileBytes);
      checked += 1;
      if (hash === null || hash === submission.contentSha256) continue;
      await db.submission.update({ where: { id: submission.id }, data: { contentSha256: hash } });
      changed += 1;
      log(`${submission.id}: content hash re-computed`);
    }
  }
}

/** The content hash of a stored (gzipped) upload as an upload computes it now; null when its track is unknown. */
export async function storedContentSha256(dataVersion: string, track: string, fileName: string | null, stored: Uint8Array): Promise<string | null> {
  const hosted = benchmarkOfDataVersion(dataVersion);
  if (isPipelineBenchmark(hosted)) {
    // the pipeline benchmark is AlpsBench (its parseTrack gives its track ids), whose rows validate-row.ts reads
    const trackId = hosted.pipeline.parseTrack(track) as Parameters<typeof validatePredictionRow>[0] | null;
    if (trackId === null) return null;
    const digests = new Map<string, Buffer>();
    async function* once(): AsyncGenerator<Uint8Array> {
      yield stored;
    }
    for await (const item of parsePredictionStream(once(), { stats: newPredictionStreamStats() })) {
      if ("error" in item) continue;
      const result = validatePredictionRow(trackId, item.value);
      if (!result.ok || digests.has(result.row.benchmark_id)) continue;
      digests.set(result.row.benchmark_id, rowDigest(scoredProjection(trackId, result.value, result.row)));
    }
    return digests.size > 0 ? contentSha256(digests) : null;
  }
  const trackId = moduleTrackId(hosted, track);
  const moduleTrack = trackId === null ? undefined : hosted.tracks.find((t) => t.id === trackId);
  if (!moduleTrack) return null;
  // the stored bytes are the accepted file gzipped; the reader un-gzips them as the worker's scoring does
  async function* stream(): AsyncGenerator<Uint8Array> {
    yield stored;
  }
  const parsed = await parseUploadRows(stream(), moduleTrack.predictionRow, {
    fileName: fileName ?? "predictions.jsonl",
    maxDecompressedBytes: env().UPLOAD_MAX_DECOMPRESSED_BYTES,
  });
  return parsed.problems.length > 0 ? null : moduleContentSha256(moduleTrack, parsed.rows as Record<string, unknown>[]);
}
