import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";

/**
 * A benchmark's own columns left the platform's tables for the benchmark's 1:1 tables (issue 37). A database
 * migrated in place must keep their values: a fresh database is migrated up to the migration before the move,
 * given a pool seed and a seed run's rows the old way, then migrated to the end.
 */
const MOVE = "20261202195546_alpsbench_own_tables";
const url = new URL(inject("databaseUrl"));
const name = `alpsbench_move_${process.pid}`;
const movedUrl = new URL(url);
movedUrl.pathname = `/${name}`;
let admin: pg.Client;
let client: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  client = new pg.Client({ connectionString: movedUrl.href });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

describe("the move of AlpsBench's columns into its own tables", () => {
  test("a pool seed and a seed run's rows written before the move are read back from AlpsBench's tables after it", async () => {
    const before = mkdtempSync(path.join(os.tmpdir(), "alpsbench-move-"));
    try {
      cpSync(MIGRATIONS_DIR, before, { recursive: true });
      const names = readdirSync(before).filter((n) => /^\d/.test(n));
      expect(names).toContain(MOVE);
      for (const n of names.filter((n) => n >= MOVE)) rmSync(path.join(before, n), { recursive: true });
      await migrate(movedUrl.href, before);
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    await client.query(
      `INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source", "poolSeed") VALUES ('bv1', 'b', 'b', 'd', 's', 'the-seed'), ('bv2', 'c', 'c', 'd', 's', NULL)`,
    );
    await client.query(`INSERT INTO "System" ("id", "slug", "name", "kind") VALUES ('sy1', 'sy', 'sy', 'baseline')`);
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "seedPredictions")
       VALUES ('s1', 'sy1', 'bv1', '{}', 'full', 'seed', '\\x0102ff'::bytea), ('s2', 'sy1', 'bv1', '{}', 'full', 'upload', NULL)`,
    );
    const applied = await migrate(movedUrl.href, MIGRATIONS_DIR);
    expect(applied.applied).toContain(MOVE);
    const seeds = await client.query(`SELECT "benchmarkVersionId", "seed" FROM "PoolSeed" ORDER BY 1`);
    expect(seeds.rows).toEqual([{ benchmarkVersionId: "bv1", seed: "the-seed" }]);
    const rows = await client.query<{ submissionId: string; rows: Buffer }>(`SELECT "submissionId", "rows" FROM "SeedPredictions" ORDER BY 1`);
    expect(rows.rows.map((r) => [r.submissionId, r.rows.toString("hex")])).toEqual([["s1", "0102ff"]]);
    const columns = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE column_name IN ('poolSeed', 'seedPredictions') AND table_schema = 'public'`,
    );
    expect(columns.rows).toEqual([]);
  });
});
