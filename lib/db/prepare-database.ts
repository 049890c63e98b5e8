import path from "node:path";
import { startEmbeddedPostgres, type RunningPostgres } from "./embedded-postgres";
import { installQueue } from "@/lib/queue/boss";
import { migrate, type MigrateResult } from "./migrate";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

/**
 * The database for `npm start`, the worker and the tests: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL in `pgDir`; then every pending migration and the job queue's schema. Returns the URL and a stop function (no-op for an
 * external server).
 */
export async function prepareDatabase(options: {
  databaseUrl?: string;
  pgDir: string;
  pgPort?: number;
  log?: (line: string) => void;
  /** when a postgres is already running on pgDir: reuse it, and whether stop() should end it */
  adopt?: { stopAdopted: boolean };
}): Promise<{ url: string; embedded: RunningPostgres | null; migrations: MigrateResult }> {
  const log = options.log ?? (() => {});
  let embedded: RunningPostgres | null = null;
  let url = options.databaseUrl;
  if (!url) {
    log(`DATABASE_URL is not set: starting the embedded PostgreSQL in ${options.pgDir}`);
    embedded = await startEmbeddedPostgres({ dataDir: options.pgDir, port: options.pgPort, adopt: options.adopt, onLog: log });
    url = embedded.url;
  }
  const migrations = await migrate(url, MIGRATIONS_DIR);
  log(`migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied.length} already there`);
  // pg-boss keeps its own schema ("pgboss") in the same database, so a submission and its job commit together.
  await installQueue(url);
  return { url, embedded, migrations };
}
