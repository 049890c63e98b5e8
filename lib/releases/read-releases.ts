import type { Db } from "@/lib/db/create-client";
import { ReleaseSnapshot } from "./release-snapshot";

const LISTED = { id: true, benchmark: true, scorerVersion: true, dataVersion: true, trigger: true, note: true, contentHash: true, cutAt: true } as const;

/** Every release, newest first (without the stored snapshots), optionally of one benchmark. */
export function listReleases(db: Db, benchmark?: string) {
  return db.release.findMany({ where: benchmark ? { benchmark } : {}, orderBy: [{ cutAt: "desc" }, { id: "asc" }], select: LISTED });
}

/** One release with its stored snapshot; null when there is no such release. */
export async function getRelease(db: Db, id: string) {
  const release = await db.release.findUnique({ where: { id }, select: { ...LISTED, snapshot: true } });
  if (!release) return null;
  return { ...release, raw: release.snapshot, snapshot: ReleaseSnapshot.parse(release.snapshot) };
}
