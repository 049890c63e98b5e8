import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { diffSchemas } from "@/lib/db/schema-engine";
import { concatSchema, schemaFiles } from "@/lib/db/schema-files";
import { catalogSnapshot } from "../catalog-snapshot";
import { scratchDir } from "@/tests/helpers/scratch-dir";

const url = inject("databaseUrl");
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

describe("migrations", () => {
  test("every schema change has a migration: the last migrated snapshot equals the schema (prisma/schema/*.prisma)", () => {
    expect(readFileSync("prisma/migrations/schema.snapshot.prisma", "utf8")).toBe(concatSchema(process.cwd()));
  });

  test("the migrations build the same database as the schema itself (no drift)", async () => {
    // A second database built straight from the schema by Prisma's own engine, compared catalog to catalog.
    const direct = `alpsbench_drift_${process.pid}`;
    await client.query(`DROP DATABASE IF EXISTS "${direct}"`);
    await client.query(`CREATE DATABASE "${direct}"`);
    const directUrl = new URL(url);
    directUrl.pathname = `/${direct}`;
    try {
      const sql = await diffSchemas({ databaseUrl: directUrl.href, to: schemaFiles(process.cwd()), from: null });
      const other = new pg.Client({ connectionString: directUrl.href });
      await other.connect();
      await other.query(sql);
      await other.end();
      const [migrated, fromSchema] = await Promise.all([catalogSnapshot(url), catalogSnapshot(directUrl.href)]);
      expect(migrated.columns?.length).toBeGreaterThan(50);
      expect(migrated).toEqual(fromSchema);
    } finally {
      await client.query(`DROP DATABASE IF EXISTS "${direct}" WITH (FORCE)`);
    }
  });

  test("records every migration the way prisma migrate deploy does, and a second run applies nothing", async () => {
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const onDisk = readMigrations(MIGRATIONS_DIR);
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(onDisk.map((m) => [m.name, m.checksum]));
    expect(rows.every((r) => r.finished_at instanceof Date)).toBe(true);
    const again = await migrate(url, MIGRATIONS_DIR);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(onDisk.map((m) => m.name));
  });

  test("a failing migration is rolled back whole and not recorded", async () => {
    const dir = scratchDir("alpsbench-mig-");
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    mkdirSync(path.join(dir, "99999999999999_broken"));
    writeFileSync(path.join(dir, "99999999999999_broken", "migration.sql"), 'CREATE TABLE "HalfApplied" (id int);\nSELECT 1/0;\n');
    await expect(migrate(url, dir)).rejects.toThrow(/99999999999999_broken failed and was rolled back: division by zero/);
    const table = await client.query(`SELECT to_regclass('"HalfApplied"') AS t`);
    expect(table.rows[0].t).toBeNull();
    const recorded = await client.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`);
    expect(recorded.rowCount).toBe(0);
  });

  test("an applied migration that was edited afterwards is refused", async () => {
    const dir = scratchDir("alpsbench-mig-");
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const first = readdirSync(dir)
      .filter((name) => /^\d/.test(name))
      .sort()[0]!;
    writeFileSync(path.join(dir, first, "migration.sql"), "-- edited\n", { flag: "a" });
    await expect(migrate(url, dir)).rejects.toThrow(new RegExp(`migration ${first} was changed after it was applied`));
  });
});
