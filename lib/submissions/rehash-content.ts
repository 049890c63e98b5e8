import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { Db } from "@/lib/db/create-client";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";

/**
 * `alpsbench admin rehash-content`: re-computes the content hash of every stored upload from its file, as an upload
 * computes it today (each benchmark's upload target reads its own files), so an exact re-upload of a file accepted
 * under an older hashing rule is still recognised as a duplicate. Idempotent; one submission at a time.
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
  return capabilitiesOf(benchmarkOfDataVersion(dataVersion)).upload.storedContentSha256(track, fileName, stored);
}
