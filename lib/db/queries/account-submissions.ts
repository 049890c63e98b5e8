import type { Db } from "@/lib/db/create-client";

const LIMIT = 100;

/** The user's own uploads, newest first (at most 100; `total` says how many there are). Private ones included: they are the owner's. */
export async function listAccountSubmissions(db: Db, userId: string) {
  const where = { ownerId: userId, source: "upload" as const };
  const [rows, total] = await Promise.all([
    db.submission.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIMIT,
      select: {
        id: true,
        tracks: true,
        split: true,
        status: true,
        visibility: true,
        hiddenAt: true,
        createdAt: true,
        // the run it came in with (one upload of many tracks), if any
        runId: true,
        system: { select: { name: true } },
        benchmarkVersion: { select: { slug: true } },
      },
    }),
    db.submission.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      systemName: r.system.name,
      benchmarkSlug: r.benchmarkVersion.slug,
      tracks: r.tracks,
      split: r.split,
      status: r.status,
      visibility: r.visibility,
      hidden: r.hiddenAt !== null,
      createdAt: r.createdAt,
      runId: r.runId,
    })),
  };
}
