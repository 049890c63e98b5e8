import type { Db } from "@/lib/db/create-client";

/** What the start-up import is doing and what visitors can already read (one `ImportStatus` row while it runs). */
interface ImportStatus {
  /** the data being imported and the step, e.g. "AlpsBench data from ALPSBENCH_DATA_DIR" */
  phase: string;
  /** what is up already, e.g. "the published figures and the demo data are up" */
  ready: string;
}

/**
 * The import's status, or null when none runs. Each write is its own statement outside the import's transaction,
 * so every web process sees it at once, and the table's trigger bumps the leaderboard version with it: the page
 * cache renders the pages again with (or without) the banner.
 */
export async function readImportStatus(db: Db): Promise<ImportStatus | null> {
  return db.importStatus.findUnique({ where: { id: 1 }, select: { phase: true, ready: true } });
}

export async function setImportStatus(db: Db, status: ImportStatus): Promise<void> {
  await db.importStatus.upsert({ where: { id: 1 }, create: { id: 1, ...status }, update: status });
}

/** No import runs (its end, a failure, a stop; and at start, a row left by a killed earlier start). */
export async function clearImportStatus(db: Db): Promise<void> {
  await db.importStatus.deleteMany({});
}

/** The banner's one line. */
export function importBannerText(status: ImportStatus): string {
  return `Importing ${status.phase} (${status.ready}). Figures may change when it ends.`;
}
