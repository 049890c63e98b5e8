import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { installQueue } from "@/lib/queue/boss";

/**
 * A fresh, migrated PostgreSQL database for one test project. With a server (`options.serverUrl`, else
 * DATABASE_URL) a new database is created on it (and dropped afterwards) so tests never touch existing data;
 * otherwise an embedded cluster is started in .tmp/ (empty, or a copy of `startFrom`). An e2e file that needs a database of its own passes the
 * e2e database's URL: one more database on the running cluster costs far less than a second cluster.
 */
export async function createTestDatabase(
  name: string,
  options: {
    serverUrl?: string;
    /** embedded only: a stopped cluster's data directory to start from (tests/real-data-image.ts), in place of an empty one */
    startFrom?: string;
  } = {},
): Promise<{ url: string; dispose: () => Promise<void> }> {
  const external = options.serverUrl ?? process.env.DATABASE_URL;
  if (external) {
    const database = `alpsbench_test_${name}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${database}`;
    await migrate(url.href, MIGRATIONS_DIR);
    await installQueue(url.href);
    return {
      url: url.href,
      dispose: async () => {
        const client = new pg.Client({ connectionString: external });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = path.resolve(import.meta.dirname, "../.tmp", `test-pg-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const embedded = await startEmbeddedPostgres({
    dataDir: dir,
    database: "alpsbench_test",
    throwaway: true,
    ...(options.startFrom ? { startFrom: options.startFrom } : {}),
  });
  // (a copy is migrated already: this finds nothing to do)
  await migrate(embedded.url, MIGRATIONS_DIR);
  await installQueue(embedded.url);
  return {
    url: embedded.url,
    dispose: async () => {
      await embedded.stop();
      // as root the cluster may live elsewhere (placeForPostgresUser)
      for (const folder of new Set([dir, embedded.dataDir])) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the database at `sourceUrl` on the same server (CREATE DATABASE … TEMPLATE), dropped by `dispose`: a
 * file-sized copy instead of migrating and seeding again. PostgreSQL copies only a database nobody is connected to,
 * so the source is a template made for this (the integration setup's seeded copy, which no test connects to).
 */
export async function copyDatabase(sourceUrl: string, name: string): Promise<{ url: string; dispose: () => Promise<void> }> {
  const source = new URL(sourceUrl);
  const database = `alpsbench_test_${name}_${randomBytes(4).toString("hex")}`;
  // through the server's maintenance database: a connection to the source itself would block the copy
  const maintenance = new URL(sourceUrl);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}" TEMPLATE "${decodeURIComponent(source.pathname.slice(1))}"`);
  } finally {
    await client.end();
  }
  const url = new URL(sourceUrl);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    dispose: async () => {
      const drop = new pg.Client({ connectionString: maintenance.href });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await drop.end();
    },
  };
}
