import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, inject, test } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";

/**
 * The test harness's clusters are thrown away after the run, so they run without durability (startEmbeddedPostgres
 * `throwaway`: no fsync, no synchronous commit, no full-page writes), which spares both cores the WAL work of every
 * commit and of the real-data import. A cluster started as `npm start` starts it keeps PostgreSQL's durable defaults.
 */
const SETTINGS = ["fsync", "synchronous_commit", "full_page_writes"] as const;

async function settingsOf(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_settings WHERE name = ANY($1)", [SETTINGS]);
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

test("the harness's cluster runs without durability", async () => {
  expect(await settingsOf(inject("databaseUrl"))).toEqual({ fsync: "off", synchronous_commit: "off", full_page_writes: "off" });
});

test("a cluster started as `npm start` starts it keeps the durable defaults", async () => {
  // beside the harness's own clusters (tests/test-database.ts): a folder the postgres user can reach when run as root
  const dir = path.resolve(import.meta.dirname, "../../.tmp", `test-pg-durable-${process.pid}`);
  const cluster = await startEmbeddedPostgres({ dataDir: dir, database: "durable" });
  try {
    expect(await settingsOf(cluster.url)).toEqual({ fsync: "on", synchronous_commit: "on", full_page_writes: "on" });
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
