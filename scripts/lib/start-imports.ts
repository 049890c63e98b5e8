import type { Db } from "../../lib/db/create-client";
import { clearImportStatus, setImportStatus } from "../../lib/db/queries/import-status";

/** One step of the start-up import, run while the site serves pages: `phase` is what the banner says meanwhile. */
export interface ImportStep {
  phase: string;
  /** what this step puts up, for the banner's "ready" part once it is done (null: nothing to name) */
  readies: string | null;
  run: () => Promise<void>;
}

/** What is up before any import: the seed. */
const SEEDED = "the published figures and the demo data";

/**
 * Runs the steps one after the other, each announced on every page by the ImportStatus row (whose trigger bumps the
 * leaderboard version, so cached pages follow), and removes the row at the end, whether the steps end or fail.
 * Nothing is written when there is no step: a start without data folders shows no banner.
 */
export async function runImportSteps(db: Db, steps: readonly ImportStep[]): Promise<void> {
  if (steps.length === 0) return;
  const done: string[] = [SEEDED];
  try {
    for (const step of steps) {
      await setImportStatus(db, { phase: step.phase, ready: `${done.join(", ")} are up` });
      await step.run();
      if (step.readies) done.push(step.readies);
    }
  } finally {
    await clearImportStatus(db);
  }
}

/** Marks the import's connections (the Prisma pool and the bulk import's own pg client) so a stop can end them. */
const IMPORT_APPLICATION_NAME = "alpsbench-start-import";

export function importConnectionString(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", IMPORT_APPLICATION_NAME);
  return url.toString();
}

/**
 * A stop during the import: its open transaction holds the leaderboard version's row until it ends, so the banner
 * could not be removed before the database stops. Ending the import's own sessions (rolled back: the importer is
 * all-or-nothing) frees it; other sessions on a shared DATABASE_URL are left alone.
 */
export async function abandonImport(db: Db): Promise<void> {
  await db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${IMPORT_APPLICATION_NAME} AND pid <> pg_backend_pid()`;
  await clearImportStatus(db);
}

/**
 * Requests the first page once so the newcomer who opens the printed address does not wait for a cold render.
 * Retries while the server starts; gives up after `timeoutMs` (the address is printed anyway).
 */
export async function warmFirstPage(url: string, timeoutMs: number, stopped: () => boolean): Promise<{ ok: boolean; status?: number }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopped()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) });
      await response.arrayBuffer();
      if (response.status < 500) return { ok: true, status: response.status };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { ok: false };
}
