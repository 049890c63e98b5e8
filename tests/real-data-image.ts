import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPrismaClient } from "@/lib/db/create-client";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { installQueue } from "@/lib/queue/boss";
import { fillRealData } from "./e2e/e2e-data";
import { createTestDatabase } from "./test-database";
import { FAILED, IMAGE_ENV, READY, type Ready, readReady } from "./real-data-image-folder";

/**
 * The real-data image: a stopped PostgreSQL cluster, migrated, seeded and holding the real data as `npm start`
 * imports it (fillRealData: about 90 s of both cores here), built once per `npm test` and copied by every database
 * that starts from it (a file copy of about a second): the e2e lane's, and each integration file's that reads the
 * real data (tests/integration/real-data-version.ts). Before the image, each lane paid the import itself.
 *
 * Who builds it: `npm test` (scripts/test.ts) sets IMAGE_ENV to a folder and builds the image there beside its
 * lanes (`tsx tests/real-data-image.ts <folder>`), which wait for it; a lane run alone (`vitest run --project …`)
 * builds it itself, the first time it is asked, in a folder its global setup names.
 */
/** a build that takes longer than this has hung (an idle build takes under two minutes) */
const WAIT_MS = 30 * 60_000;

/** Builds the image in `folder` (its cluster in `folder`/pg), then writes `ready.json`; on failure `failed.txt`, and throws. */
async function buildRealDataImage(folder: string, log: (line: string) => void): Promise<string> {
  mkdirSync(folder, { recursive: true });
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, "pg"), database: "alpsbench_test", throwaway: true });
    try {
      await migrate(embedded.url, MIGRATIONS_DIR);
      await installQueue(embedded.url);
      const db = createPrismaClient(embedded.url);
      try {
        await fillRealData(db, log);
      } finally {
        await db.$disconnect();
      }
    } finally {
      await embedded.stop();
    }
    // written whole, then renamed: a lane polling for it never reads half a file
    writeFileSync(path.join(folder, `${READY}.tmp`), JSON.stringify({ dataDir: embedded.dataDir } satisfies Ready));
    renameSync(path.join(folder, `${READY}.tmp`), path.join(folder, READY));
    return embedded.dataDir;
  } catch (error) {
    writeFileSync(path.join(folder, FAILED), error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

/**
 * The data directory of the image in `folder`: built by this run's `npm test` (IMAGE_ENV names the folder: waited
 * for), already built, or built here now.
 */
export async function realDataImage(folder: string, log: (line: string) => void): Promise<string> {
  if (existsSync(path.join(folder, READY))) return readReady(folder);
  if (process.env[IMAGE_ENV] !== path.resolve(folder)) return buildRealDataImage(folder, log);
  const deadline = Date.now() + WAIT_MS;
  log(`waiting for the real-data image that npm test builds in ${folder}`);
  while (Date.now() < deadline) {
    if (existsSync(path.join(folder, READY))) return readReady(folder);
    if (existsSync(path.join(folder, FAILED))) throw new Error(`the real-data image could not be built: ${readFileSync(path.join(folder, FAILED), "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the real-data image in ${folder} was not ready after ${WAIT_MS / 60_000} minutes`);
}

/**
 * A database holding what the image holds, for `name` (a folder under .tmp): its own cluster, copied from the image.
 * On an external server (DATABASE_URL, where no cluster can be copied in) a new database there, filled the slow way.
 */
export async function realDataDatabase(name: string, folder: string, log: (line: string) => void): Promise<{ url: string; dispose: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const database = await createTestDatabase(name);
    const db = createPrismaClient(database.url);
    await fillRealData(db, log).finally(() => db.$disconnect());
    return database;
  }
  return createTestDatabase(name, { startFrom: await realDataImage(folder, log) });
}

/** The image's folder for a lane: this run's (IMAGE_ENV), else `fallback`. */
export const imageFolder = (fallback: string) => process.env[IMAGE_ENV] ?? fallback;

// `tsx tests/real-data-image.ts <folder>`: scripts/test.ts's build of the run's image
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = path.resolve(process.argv[2] ?? "");
  rmSync(path.join(folder, FAILED), { force: true });
  buildRealDataImage(folder, (line) => process.stderr.write(`[real-data image] ${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`[real-data image] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
