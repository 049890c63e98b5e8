import type { Db } from "@/lib/db/create-client";
import { uploadsFacts } from "@/lib/submissions/upload-facts";
import { ReleaseSnapshot } from "./release-snapshot";

const LISTED = { id: true, benchmark: true, scorerVersion: true, dataVersion: true, trigger: true, note: true, contentHash: true, cutAt: true } as const;

/** Every release, newest first (without the stored snapshots), optionally of one benchmark. */
export function listReleases(db: Db, benchmark?: string) {
  return db.release.findMany({ where: benchmark ? { benchmark } : {}, orderBy: [{ cutAt: "desc" }, { id: "asc" }], select: LISTED });
}

type StoredViews = { views: { rows: Record<string, unknown>[]; notes?: string[] }[] };

/**
 * The submissions behind a release's rows that are no longer public: since the cut a moderator rejected or hid them,
 * their owner made them private or deleted them, or the copy check found them a copy. Their rows are left out when the
 * release is read; the stored snapshot (and its content hash) is kept as cut.
 */
async function withdrawnSubmissions(db: Db, benchmark: string, views: StoredViews["views"]): Promise<Set<string>> {
  const ids = [...new Set(views.flatMap((v) => v.rows.flatMap((r) => (typeof r.submission_id === "string" ? [r.submission_id] : []))))];
  if (ids.length === 0) return new Set();
  const found = await db.submission.findMany({ where: { id: { in: ids } }, select: { id: true, visibility: true, hiddenAt: true, reviewDecision: true } });
  // the benchmark's own checks: a run it finds no result of its own (AlpsBench: a copy) is withdrawn too
  const facts = await uploadsFacts(db, benchmark, ids, null);
  const shown = new Set(
    found.filter((s) => s.visibility === "public" && s.hiddenAt === null && s.reviewDecision !== "rejected" && facts(s.id).unranked === null).map((s) => s.id),
  );
  return new Set(ids.filter((id) => !shown.has(id)));
}

/** The views without the withdrawn rows, each that lost some saying how many (the others keep their stored figures and ranks). */
function withoutWithdrawn<T extends StoredViews>(snapshot: T, withdrawn: ReadonlySet<string>): T {
  if (withdrawn.size === 0) return snapshot;
  const views = snapshot.views.map((view) => {
    const rows = view.rows.filter((r) => !(typeof r.submission_id === "string" && withdrawn.has(r.submission_id)));
    const left = view.rows.length - rows.length;
    if (left === 0) return view;
    const note = `${left} row${left === 1 ? " is" : "s are"} left out: no longer public since this release was cut (rejected or hidden by a moderator, made private, deleted, or found to be a copy of another run). The other rows keep the figures and ranks stored at the cut.`;
    return { ...view, rows, notes: [...(view.notes ?? []), note] };
  });
  return { ...snapshot, views };
}

/** One release with its stored snapshot, less the rows no longer public (withdrawnSubmissions); null when there is no such release. */
export async function getRelease(db: Db, id: string) {
  const release = await db.release.findUnique({ where: { id }, select: { ...LISTED, snapshot: true } });
  if (!release) return null;
  const snapshot = ReleaseSnapshot.parse(release.snapshot);
  const withdrawn = await withdrawnSubmissions(db, release.benchmark, snapshot.views);
  return { ...release, raw: withoutWithdrawn(release.snapshot as unknown as StoredViews, withdrawn), snapshot: withoutWithdrawn(snapshot, withdrawn) };
}
