import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";

/**
 * A benchmark's own columns left the platform's tables for the benchmark's 1:1 tables (issue 37). A database
 * migrated in place must keep their values: for each move, a fresh database is migrated up to the migration before
 * it, given values the old way, then migrated to the end and read back from the benchmark's table.
 */
const url = new URL(inject("databaseUrl"));
let admin: pg.Client;
const opened: { name: string; client: pg.Client }[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
});
afterAll(async () => {
  for (const { name, client } of opened) {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  await admin.end();
});

/** A new database holding every migration before `move`; `finish` applies the rest (and says which ran). */
async function databaseBefore(move: string): Promise<{ client: pg.Client; finish: () => Promise<string[]> }> {
  const name = `${move.replace(/^\d+_/, "").slice(0, 40)}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const movedUrl = new URL(url);
  movedUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: movedUrl.href });
  await client.connect();
  opened.push({ name, client });
  const before = mkdtempSync(path.join(os.tmpdir(), "benchmark-move-"));
  try {
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const names = readdirSync(before).filter((n) => /^\d/.test(n));
    expect(names).toContain(move);
    for (const n of names.filter((n) => n >= move)) rmSync(path.join(before, n), { recursive: true });
    await migrate(movedUrl.href, before);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  return { client, finish: async () => (await migrate(movedUrl.href, MIGRATIONS_DIR)).applied };
}

/** The columns left of `names` in the database (any table). */
async function columnsNamed(client: pg.Client, names: string[]): Promise<string[]> {
  const found = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE column_name = ANY($1) AND table_schema = 'public'`,
    [names],
  );
  return found.rows.map((r) => r.column_name);
}

const SYSTEM = `INSERT INTO "System" ("id", "slug", "name", "kind") VALUES ('sy1', 'sy', 'sy', 'baseline')`;

describe("the moves of a benchmark's columns (and the platform's reward source) out of Submission", () => {
  test("a pool seed and a seed run's rows written before the move are read back from AlpsBench's tables after it", async () => {
    const move = "20261202195546_alpsbench_own_tables";
    const { client, finish } = await databaseBefore(move);
    await client.query(
      `INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source", "poolSeed") VALUES ('bv1', 'b', 'b', 'd', 's', 'the-seed'), ('bv2', 'c', 'c', 'd', 's', NULL)`,
    );
    await client.query(SYSTEM);
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "seedPredictions")
       VALUES ('s1', 'sy1', 'bv1', '{}', 'full', 'seed', '\\x0102ff'::bytea), ('s2', 'sy1', 'bv1', '{}', 'full', 'upload', NULL)`,
    );
    expect(await finish()).toContain(move);
    const seeds = await client.query(`SELECT "benchmarkVersionId", "seed" FROM "PoolSeed" ORDER BY 1`);
    expect(seeds.rows).toEqual([{ benchmarkVersionId: "bv1", seed: "the-seed" }]);
    const rows = await client.query<{ submissionId: string; rows: Buffer }>(`SELECT "submissionId", "rows" FROM "SeedPredictions" ORDER BY 1`);
    expect(rows.rows.map((r) => [r.submissionId, r.rows.toString("hex")])).toEqual([["s1", "0102ff"]]);
    expect(await columnsNamed(client, ["poolSeed", "seedPredictions"])).toEqual([]);
  });

  test("an upload's noised test figures (and a legacy marker) are read back from TestFigureNoise; exact uploads have no row", async () => {
    const move = "20261203060816_alpsbench_test_figure_noise";
    const { client, finish } = await databaseBefore(move);
    await client.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv1', 'b', 'b', 'd', 's')`);
    await client.query(SYSTEM);
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "testFigureNoise") VALUES
       ('noised', 'sy1', 'bv1', '{task1}', 'test', 'upload', '{"steps": {"f1": 0.01, "recall": null}}'::jsonb),
       ('legacy', 'sy1', 'bv1', '{task1}', 'test', 'upload', '{"steps": {}, "legacy": true}'::jsonb),
       ('exact', 'sy1', 'bv1', '{task1}', 'test', 'upload', NULL)`,
    );
    expect(await finish()).toContain(move);
    const noise = await client.query(`SELECT "submissionId", "steps" FROM "TestFigureNoise" ORDER BY 1`);
    expect(noise.rows).toEqual([
      { submissionId: "legacy", steps: {} },
      { submissionId: "noised", steps: { f1: 0.01, recall: null } },
    ]);
    expect(await columnsNamed(client, ["testFigureNoise"])).toEqual([]);
    // public marks: a write bumps the leaderboard version, as the Submission column's did through the page key
    const version = async () => (await client.query<{ version: string }>(`SELECT "version"::text FROM "LeaderboardVersion"`)).rows[0]!.version;
    const before = await version();
    await client.query(`DELETE FROM "TestFigureNoise" WHERE "submissionId" = 'legacy'`);
    expect(await version()).not.toBe(before);
  });

  test("a Task 1 upload's contamination figures and flag are read back from Contamination; unchecked uploads have no row", async () => {
    const move = "20261203062625_alpsbench_contamination";
    const { client, finish } = await databaseBefore(move);
    await client.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv1', 'b', 'b', 'd', 's')`);
    await client.query(SYSTEM);
    const figures = {
      values: 10,
      publicShare: 0.9,
      task2InputShare: 0.9,
      task3CandidateShare: 0,
      submissionShare: 0,
      submissionId: null,
      threshold: 0.2,
      flagged: true,
    };
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "contamination", "contaminationFlagged") VALUES
       ('flagged', 'sy1', 'bv1', '{task1}', 'full', 'upload', $1::jsonb, true),
       ('clean', 'sy1', 'bv1', '{task1}', 'full', 'seed', $2::jsonb, false),
       ('flag-only', 'sy1', 'bv1', '{task1}', 'full', 'upload', NULL, true),
       ('unchecked', 'sy1', 'bv1', '{task2}', 'full', 'upload', NULL, false)`,
      [JSON.stringify(figures), JSON.stringify({ ...figures, publicShare: 0.01, flagged: false })],
    );
    expect(await finish()).toContain(move);
    const checks = await client.query(`SELECT "submissionId", "figures", "flagged" FROM "Contamination" ORDER BY 1`);
    expect(checks.rows).toEqual([
      { submissionId: "clean", figures: { ...figures, publicShare: 0.01, flagged: false }, flagged: false },
      { submissionId: "flag-only", figures: null, flagged: true },
      { submissionId: "flagged", figures, flagged: true },
    ]);
    expect(await columnsNamed(client, ["contamination", "contaminationFlagged"])).toEqual([]);
    // the flag is public: a write bumps the leaderboard version, and the Submission trigger still bumps on its own columns
    const version = async () => (await client.query<{ version: string }>(`SELECT "version"::text FROM "LeaderboardVersion"`)).rows[0]!.version;
    const before = await version();
    await client.query(`UPDATE "Contamination" SET "flagged" = false WHERE "submissionId" = 'flag-only'`);
    const after = await version();
    expect(after).not.toBe(before);
    await client.query(`UPDATE "Submission" SET "visibility" = 'private' WHERE "id" = 'clean'`);
    expect(await version()).not.toBe(after);
  });

  test("a submission's judge call counts are read back from JudgeCalls; a submission never judged has no row", async () => {
    const move = "20261203111048_alpsbench_judge_calls";
    const { client, finish } = await databaseBefore(move);
    await client.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv1', 'b', 'b', 'd', 's')`);
    await client.query(SYSTEM);
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "judgeCallsDone", "judgeCallsCached", "judgeCallsFailed") VALUES
       ('judged', 'sy1', 'bv1', '{task1}', 'full', 'upload', 30, 10, 2),
       ('cached-only', 'sy1', 'bv1', '{task2}', 'full', 'upload', 0, 7, 0),
       ('failed-only', 'sy1', 'bv1', '{task2}', 'full', 'upload', 0, 0, 3),
       ('unjudged', 'sy1', 'bv1', '{task1}', 'full', 'upload', 0, 0, 0)`,
    );
    expect(await finish()).toContain(move);
    const counts = await client.query(`SELECT "submissionId", "done", "cached", "failed" FROM "JudgeCalls" ORDER BY 1`);
    expect(counts.rows).toEqual([
      { submissionId: "cached-only", done: 0, cached: 7, failed: 0 },
      { submissionId: "failed-only", done: 0, cached: 0, failed: 3 },
      { submissionId: "judged", done: 30, cached: 10, failed: 2 },
    ]);
    expect(await columnsNamed(client, ["judgeCallsDone", "judgeCallsCached", "judgeCallsFailed"])).toEqual([]);
  });

  test("a module upload's reward source is read back from RewardFill, its synthetic mark from pllm_upload; uploads without either have no row", async () => {
    const move = "20261204195212_platform_reward_fill_personalllm_upload";
    const { client, finish } = await databaseBefore(move);
    await client.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv1', 'personalllm', 'p', 'd', 's')`);
    await client.query(SYSTEM);
    const source = { profileHash: "a".repeat(64), models: [{ alias: "gemma_2b", model: "weqweasdas/RM-Gemma-2B", revision: "r1" }], serviceScores: 20 };
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "rewardSource", "syntheticData") VALUES
       ('filled-synthetic', 'sy1', 'bv1', '{personalllm/rewards}', 'full', 'upload', $1, true),
       ('filled-real', 'sy1', 'bv1', '{personalllm/rewards}', 'full', 'upload', $1, false),
       ('uploaded-synthetic', 'sy1', 'bv1', '{personalllm/rewards}', 'full', 'upload', NULL, true),
       ('json-null', 'sy1', 'bv1', '{personalllm/rewards}', 'full', 'upload', 'null'::jsonb, false),
       ('plain', 'sy1', 'bv1', '{personalllm/selection}', 'full', 'upload', NULL, false)`,
      [JSON.stringify(source)],
    );
    expect(await finish()).toContain(move);
    const fills = await client.query(`SELECT "submissionId", "source" FROM "RewardFill" ORDER BY 1`);
    expect(fills.rows).toEqual([
      { submissionId: "filled-real", source },
      { submissionId: "filled-synthetic", source },
    ]);
    const marks = await client.query(`SELECT "submissionId", "synthetic_data" FROM "pllm_upload" ORDER BY 1`);
    expect(marks.rows).toEqual([
      { submissionId: "filled-synthetic", synthetic_data: true },
      { submissionId: "uploaded-synthetic", synthetic_data: true },
    ]);
    expect(await columnsNamed(client, ["rewardSource", "syntheticData"])).toEqual([]);
  });

  test("an upload waiting for a judge and a copy are read back from JudgeWaiting and RowCopy; the others have no row", async () => {
    const move = "20261204195144_alpsbench_judge_waiting_row_copy";
    const { client, finish } = await databaseBefore(move);
    await client.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv1', 'b', 'b', 'd', 's')`);
    await client.query(SYSTEM);
    const copy = { submissionId: "earlier", system: "Copied", track: "task2", shared: 40, compared: 50, share: 0.8 };
    await client.query(
      `INSERT INTO "Submission" ("id", "systemId", "benchmarkVersionId", "tracks", "split", "source", "judgeWaiting", "copyOf") VALUES
       ('waiting', 'sy1', 'bv1', '{task4/ability1}', 'dev', 'upload', true, NULL),
       ('copy', 'sy1', 'bv1', '{task2}', 'full', 'upload', false, $1::jsonb),
       ('json-null', 'sy1', 'bv1', '{task2}', 'full', 'upload', false, 'null'::jsonb),
       ('neither', 'sy1', 'bv1', '{task1}', 'full', 'upload', false, NULL)`,
      [JSON.stringify(copy)],
    );
    expect(await finish()).toContain(move);
    expect((await client.query(`SELECT "submissionId" FROM "JudgeWaiting" ORDER BY 1`)).rows).toEqual([{ submissionId: "waiting" }]);
    expect((await client.query(`SELECT "submissionId", "figures" FROM "RowCopy" ORDER BY 1`)).rows).toEqual([{ submissionId: "copy", figures: copy }]);
    expect(await columnsNamed(client, ["judgeWaiting", "copyOf"])).toEqual([]);
    // both are public (a copy's row leaves the ranking, the Task 4 board counts the waiting uploads): a write bumps
    const version = async () => (await client.query<{ version: string }>(`SELECT "version"::text FROM "LeaderboardVersion"`)).rows[0]!.version;
    const before = await version();
    await client.query(`DELETE FROM "JudgeWaiting" WHERE "submissionId" = 'waiting'`);
    const after = await version();
    expect(after).not.toBe(before);
    await client.query(`DELETE FROM "RowCopy" WHERE "submissionId" = 'copy'`);
    expect(await version()).not.toBe(after);
  });
});
