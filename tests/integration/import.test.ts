import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { readReleaseLayout } from "@/lib/benchmarks/alpsbench/data/read-release-layout";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { contentHashOf, importDatasetFromDir, importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { lineProgress } from "@/lib/benchmarks/alpsbench/data/import/import-progress";
import { withCompactServerPools, withServerPools } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { candidateIdsText, PoolMemoryKeys, poolOf, storedInput } from "@/lib/benchmarks/alpsbench/data/import/write-instances";
import { parseCandidateIds } from "@/lib/benchmarks/alpsbench/read/queries/task3-pools";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import pg from "pg";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

const db = createPrismaClient(inject("databaseUrl"));
const FIXTURES = path.resolve("tests/fixtures/datasets");
const RELEASE = path.join(FIXTURES, "release-mini");
const PACKETS = path.join(FIXTURES, "packets-mini");

async function benchmark(slug: string) {
  return db.benchmarkVersion.upsert({ where: { slug }, create: { slug, name: slug, description: "test", source: "test" }, update: {} });
}
async function snapshot(slug: string) {
  const [instances, golds, imports] = await Promise.all([
    db.instance.count({ where: { benchmarkVersion: { slug } } }),
    db.instanceGold.count({ where: { instance: { benchmarkVersion: { slug } } } }),
    db.datasetImport.count({ where: { benchmarkVersion: { slug } } }),
  ]);
  return { instances, golds, imports };
}
/** A writable copy of a fixture layout, to break one file in. */
function copyOf(fixture: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "alpsbench-import-"));
  cpSync(fixture, path.join(dir, path.basename(fixture)), { recursive: true });
  return path.join(dir, path.basename(fixture));
}

beforeAll(async () => {
  await benchmark("t-release");
  await benchmark("t-packets");
  await benchmark("t-bad");
});
afterAll(() => db.$disconnect());

describe("importing the official release layout", () => {
  test("imports every track and split, keeps gold apart, hidden test gold absent; a second import changes nothing", async () => {
    const expected = await readReleaseLayout(RELEASE);
    const first = await importDatasetFromDir(db, RELEASE, { benchmark: "t-release" });
    expect(first.layout).toBe("release");
    expect(first.inserted).toBe(expected.length);
    const rows = await db.instance.findMany({ where: { benchmarkVersion: { slug: "t-release" } }, include: { gold: true } });
    expect(rows).toHaveLength(expected.length);
    for (const instance of expected) {
      const row = rows.find((r) => r.trackId === instance.track && r.benchmarkId === instance.benchmarkId);
      expect(row?.split, instance.benchmarkId).toBe(instance.split);
      expect(row?.gold === null, instance.benchmarkId).toBe(instance.gold === null);
      expect(JSON.stringify(row?.input)).not.toContain('"gold"');
    }
    expect(rows.filter((r) => r.split === "test").every((r) => r.gold === null)).toBe(true);
    const second = await importDatasetFromDir(db, RELEASE, { benchmark: "t-release" });
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: expected.length });
  });

  test("changed content updates the same instance in place", async () => {
    const dir = copyOf(RELEASE);
    const file = path.join(dir, "benchmark_data/dev/task1/model_input.jsonl");
    const original = readFileSync(file, "utf8");
    const touched = original.split("\n").filter((line) => line.includes("I teach chemistry")).length;
    expect(touched).toBeGreaterThan(0);
    writeFileSync(file, original.replaceAll("I teach chemistry", "I teach physics"));
    const before = await db.instance.findMany({ where: { benchmarkVersion: { slug: "t-release" } }, select: { id: true } });
    const report = await importDatasetFromDir(db, dir, { benchmark: "t-release" });
    expect(report).toMatchObject({ inserted: 0, updated: touched });
    const after = await db.instance.findMany({ where: { benchmarkVersion: { slug: "t-release" } }, select: { id: true } });
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});

describe("importing the packets layout", () => {
  test("builds Task 3 pools at every size, reproducibly: importing twice from scratch changes nothing", async () => {
    const first = await importDatasetFromDir(db, PACKETS, { benchmark: "t-packets" });
    expect(first.layout).toBe("packets");
    expect(Object.keys(first.counts).sort()).toEqual(expect.arrayContaining(["task1", "task2", "task3/d100", "task3/d1000"]));
    const pools = await db.instance.findMany({
      where: { benchmarkVersion: { slug: "t-packets" }, trackId: { startsWith: "task3/" } },
      include: { gold: true, pool: true },
    });
    for (const pool of pools) {
      // Candidate lists are stored by reference (InstancePool), not inline in the input.
      const ids = parseCandidateIds(pool.pool!.candidateIds);
      expect(new Set(ids).size, pool.trackId).toBe(ids.length);
      expect(ids, pool.trackId).toContain((pool.gold?.gold as { selected_memory_id: string }).selected_memory_id);
    }
    const second = await importDatasetFromDir(db, PACKETS, { benchmark: "t-packets" });
    expect(second).toMatchObject({ inserted: 0, updated: 0 });
  });

  test("a Task 3 pool reads back exactly as built (ids, order, values, JSON bytes), stored once per memory by reference", async () => {
    const lines: string[] = [];
    await importDatasetFromDir(db, PACKETS, { benchmark: "t-packets", progress: lineProgress((line) => lines.push(line)) });
    // the third import of the same files: fingerprinted, found unchanged, nothing read (see the test below)
    expect(lines.some((line) => /^fingerprint files: .*nothing to read/.test(line))).toBe(true);
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "t-packets" } });
    // What the importer wrote, rebuilt in memory from the same files and the benchmark's pool seed.
    const built = withServerPools(
      await readPacketsLayout(PACKETS),
      (await db.poolSeed.findUniqueOrThrow({ where: { benchmarkVersionId: benchmark.id } })).seed,
    ).filter((i) => i.track.startsWith("task3/"));
    expect(built.length).toBeGreaterThan(0);
    for (const track of [...new Set(built.map((i) => i.track))] as TrackId[]) {
      const expected = built.filter((i) => i.track === track).sort((a, b) => (a.benchmarkId < b.benchmarkId ? -1 : 1));
      const scorable = await getScorableInstances(db, benchmark.id, track);
      const downloaded = await pageInputs(db, { benchmarkVersionId: benchmark.id, track, split: null }, null, 1000);
      expect(
        scorable.map((s) => s.input),
        track,
      ).toEqual(expected.map((i) => i.input));
      expect(
        downloaded.map((d) => d.input),
        track,
      ).toEqual(expected.map((i) => i.input));
      for (const [index, instance] of expected.entries()) {
        // Byte for byte what the inline jsonb column gave back before pools were stored by reference.
        const inlined = await db.$queryRaw<{ j: unknown }[]>`SELECT ${JSON.stringify(instance.input)}::jsonb AS j`;
        expect(JSON.stringify(downloaded[index]!.input), instance.benchmarkId).toBe(JSON.stringify(inlined[0]!.j));
      }
    }
    // Stored by reference: no candidate list inline, each distinct memory once.
    const inline = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Instance" WHERE "benchmarkVersionId" = ${benchmark.id} AND "trackId" LIKE 'task3/%' AND input ? 'candidate_memories'`;
    expect(Number(inline[0]!.n)).toBe(0);
    const candidates = built.reduce((sum, i) => sum + (i.input as { candidate_memories: unknown[] }).candidate_memories.length, 0);
    const distinct = new Set(
      built.flatMap((i) => (i.input as { candidate_memories: { value: string; label: string }[] }).candidate_memories.map((c) => `${c.value}\u0000${c.label}`)),
    );
    expect(await db.poolMemory.count({ where: { benchmarkVersionId: benchmark.id } })).toBe(distinct.size);
    expect(distinct.size).toBeLessThan(candidates);
  });

  test("an unchanged re-import reads nothing; changed bytes or a missing instance make it import in full", async () => {
    const dir = copyOf(PACKETS);
    await benchmark("t-fingerprint");
    const run = async () => {
      const lines: string[] = [];
      const report = await importDatasetFromDir(db, dir, { benchmark: "t-fingerprint", progress: lineProgress((line) => lines.push(line)) });
      return {
        report,
        read: lines.some((line) => line.startsWith("read packets")),
        skipped: lines.some((line) => /^fingerprint files: .*nothing to read/.test(line)),
      };
    };
    const first = await run();
    expect(first).toMatchObject({ read: true, skipped: false });
    const total = first.report.inserted;
    expect(total).toBeGreaterThan(0);
    const imports = await db.datasetImport.findMany({ where: { benchmarkVersion: { slug: "t-fingerprint" } } });
    expect(imports[0]!.sourceFingerprint).toMatch(/^[0-9a-f]{64}$/);

    const second = await run();
    expect(second).toMatchObject({ read: false, skipped: true });
    expect(second.report).toMatchObject({ inserted: 0, updated: 0, unchanged: total, counts: first.report.counts });

    // the same content in other bytes: read and compared again (and found unchanged)
    const chunk = path.join(dir, "packets/chunks/chunk_0001");
    const file = path.join(
      chunk,
      readdirSync(chunk).find((name) => name.startsWith("sess_"))!,
    );
    writeFileSync(file, `${readFileSync(file, "utf8")}\n \n`);
    const third = await run();
    expect(third).toMatchObject({ read: true, skipped: false });
    expect(third.report).toMatchObject({ inserted: 0, updated: 0, unchanged: total });

    // a deleted instance is brought back although the files did not change
    const victim = await db.instance.findFirstOrThrow({ where: { benchmarkVersion: { slug: "t-fingerprint" }, trackId: "task1" } });
    await db.instance.delete({ where: { id: victim.id } });
    const fourth = await run();
    expect(fourth).toMatchObject({ read: true, skipped: false });
    expect(fourth.report).toMatchObject({ inserted: 1, updated: 0 });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  test("compact server pools hash, store and write exactly as the same pools inline", async () => {
    // The importer never builds the inline candidate objects (withCompactServerPools); everything it derives from
    // a pool must equal what the inline list (withServerPools, the released files' form) gives.
    const read = await readPacketsLayout(PACKETS);
    const compact = withCompactServerPools(read, "compact-seed");
    const inline = withServerPools(read, "compact-seed");
    expect(compact.filter((i) => "pool" in i).length).toBeGreaterThan(0);
    expect(compact.length).toBe(inline.length);
    const [compactKeys, inlineKeys] = [new PoolMemoryKeys(), new PoolMemoryKeys()];
    for (const [index, instance] of compact.entries()) {
      const other = inline[index]!;
      const label = `${instance.track} ${instance.benchmarkId}`;
      expect([instance.track, instance.benchmarkId, instance.split, instance.sessionId], label).toEqual([
        other.track,
        other.benchmarkId,
        other.split,
        other.sessionId,
      ]);
      expect(JSON.stringify(instance.gold), label).toBe(JSON.stringify(other.gold));
      expect(JSON.stringify(instance.meta), label).toBe(JSON.stringify(other.meta));
      expect(JSON.stringify(storedInput(instance)), label).toBe(JSON.stringify(storedInput(other)));
      expect(contentHashOf(instance, compactKeys), label).toBe(contentHashOf(other, inlineKeys));
      const [a, b] = [poolOf(instance), poolOf(other)];
      expect(a === null, label).toBe(b === null);
      if (!a || !b) continue;
      expect(a.idsText(), label).toBe(b.idsText());
      // server ids are plain: stored joined, no JSON
      expect(a.idsText(), label).toBe(a.idsJoined(","));
      expect(a.idsJoined("\n"), label).toBe(b.idsJoined("\n"));
      expect(compactKeys.keysOf(a.members), label).toEqual(inlineKeys.keysOf(b.members));
      expect(
        a.members.map((m) => [m.value, m.label]),
        label,
      ).toEqual(b.members.map((m) => [m.value, m.label]));
    }
  });

  test("any candidate ids round-trip through InstancePool's text columns (quotes, commas, backslashes, NULL, empty)", async () => {
    const version = await benchmark("t-odd-ids");
    const ids = ['quote"d', "back\\slash", "comma,inside", "{brace}", "NULL", "", "c0a1b2c3d4e", "ünï ©ode"];
    const input = { query: "which?", candidate_memories: ids.map((id, i) => ({ memory_id: id, value: `value ${i % 3}`, label: "label" })) };
    const instance = {
      track: "task3/d100",
      benchmarkId: "odd-1",
      split: "dev",
      sessionId: null,
      input,
      gold: { selected_memory_id: "comma,inside", selected_memory: input.candidate_memories[2]! },
      meta: {},
    } as unknown as NormalizedInstance;
    await importInstances(db, [instance], { benchmark: version.slug, layout: "release", sourcePath: "odd" });
    const [read] = await getScorableInstances(db, version.id, "task3/d100");
    expect(read!.input).toEqual(input);
    // odd ids are stored as a JSON array; a plain list joined
    expect(poolOf(instance)!.idsText()).toBe(JSON.stringify(ids));
    expect(candidateIdsText(["c0a1b2c3d4e", "m_1.2:3-x", "NULL"])).toBe("c0a1b2c3d4e,m_1.2:3-x,NULL");
    expect(candidateIdsText([])).toBe("[]");
    for (const list of [ids, ["c0a1b2c3d4e", "NULL"], [], [""], ["[x]"]]) expect(parseCandidateIds(candidateIdsText(list))).toEqual(list);
  });

  test("an older database's inline Task 3 candidate lists move to references, then to text lists, reading the same", async () => {
    // A database migrated up to just before the references, holding an inline list (odd ids included), then the
    // later migrations: pool_references moves the list to InstancePool arrays, pool_lists_as_text turns those into text.
    const url = new URL(inject("databaseUrl"));
    const name = `alpsbench_poolmig_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    const older = mkdtempSync(path.join(os.tmpdir(), "alpsbench-migrations-"));
    const other = createPrismaClient(url.href);
    try {
      for (const entry of readdirSync(MIGRATIONS_DIR).filter((e) => e < "20261123181106_task3_pool_references" || !/^\d/.test(e)))
        cpSync(path.join(MIGRATIONS_DIR, entry), path.join(older, entry), { recursive: true });
      await migrate(url.href, older);
      const input = {
        query: "what do I like?",
        candidate_memories: [
          { memory_id: "c01", value: "likes tea", label: "preference" },
          { memory_id: 'q"uote,comma\\', value: "lives in Bern", label: "location" },
          { memory_id: "c03", value: "likes tea", label: "preference" },
        ],
      };
      // Raw SQL: the client knows today's columns, the database is older.
      const setup = new pg.Client({ connectionString: url.href });
      await setup.connect();
      await setup.query(`INSERT INTO "Track" ("id", "task", "label", "poolSize", "position") VALUES ('task3/d100', 'task3', 'd100', 100, 1)`);
      await setup.query(`INSERT INTO "BenchmarkVersion" ("id", "slug", "name", "description", "source") VALUES ('bv-old', 't-migrated', 't', 'test', 'test')`);
      await setup.query(
        `INSERT INTO "Instance" ("id", "benchmarkVersionId", "trackId", "benchmarkId", "split", "input", "contentHash") VALUES ('i-old', 'bv-old', 'task3/d100', 'old-1', 'dev', $1, 'x')`,
        [JSON.stringify(input)],
      );
      const plain = { query: "where?", candidate_memories: [{ memory_id: "cab12", value: "lives in Bern", label: "location" }] };
      await setup.query(
        `INSERT INTO "Instance" ("id", "benchmarkVersionId", "trackId", "benchmarkId", "split", "input", "contentHash") VALUES ('i-plain', 'bv-old', 'task3/d100', 'old-2', 'dev', $1, 'x')`,
        [JSON.stringify(plain)],
      );
      await setup.end();
      const version = { id: "bv-old" };
      const applied = await migrate(url.href, MIGRATIONS_DIR);
      expect(applied.applied).toEqual(expect.arrayContaining(["20261123181106_task3_pool_references", "20261125033255_pool_lists_as_text"]));
      const stored = await other.instance.findFirstOrThrow({ where: { id: "i-old" } });
      expect(stored.input).toEqual({ query: "what do I like?" });
      const read = await pageInputs(other, { benchmarkVersionId: version.id, track: "task3/d100", split: null }, null, 10);
      expect(read.map((r) => r.input)).toEqual([input, plain]);
      const pools = await other.instancePool.findMany({ orderBy: { instanceId: "asc" } });
      expect(pools.map((p) => p.candidateIds)).toEqual([JSON.stringify(input.candidate_memories.map((c) => c.memory_id)), "cab12"]);
      expect(await other.poolMemory.count({ where: { benchmarkVersionId: version.id } })).toBe(2);
    } finally {
      await other.$disconnect();
      rmSync(older, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe("bad input: one clear message naming file, line and field; the database as it was", () => {
  const cases: { name: string; setup: (dir: string) => void; message: RegExp }[] = [
    {
      name: "a malformed JSON line",
      setup: (dir) =>
        writeFileSync(path.join(dir, "benchmark_data/dev/task1/model_input.jsonl"), readFileSync(path.join(FIXTURES, "bad/model-input-malformed-line3.jsonl"))),
      message: /benchmark_data\/dev\/task1\/model_input\.jsonl line 3/,
    },
    {
      name: "a row without benchmark_id",
      setup: (dir) => {
        const file = path.join(dir, "benchmark_data/dev/task1/model_input.jsonl");
        const [first, ...rest] = readFileSync(file, "utf8").split("\n");
        const row = JSON.parse(first!) as Record<string, unknown>;
        delete row.benchmark_id;
        writeFileSync(file, [JSON.stringify(row), ...rest].join("\n"));
      },
      message: /model_input\.jsonl line 1: field benchmark_id/,
    },
    {
      name: "a duplicate id",
      setup: (dir) => {
        const file = path.join(dir, "benchmark_data/dev/task1/model_input.jsonl");
        const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
        writeFileSync(file, [...lines, lines[0]].join("\n") + "\n");
      },
      message: /model_input\.jsonl line \d+: field benchmark_id: .*duplicate/i,
    },
    {
      name: "an unknown track folder",
      setup: (dir) => {
        mkdirSync(path.join(dir, "benchmark_data/dev/task9"));
        writeFileSync(path.join(dir, "benchmark_data/dev/task9/model_input.jsonl"), "{}\n");
      },
      message: /benchmark_data\/dev\/task9.*unknown track/i,
    },
  ];

  test.each(cases)("$name", async ({ setup, message }) => {
    const dir = copyOf(RELEASE);
    setup(dir);
    const before = await snapshot("t-bad");
    await expect(importDatasetFromDir(db, dir, { benchmark: "t-bad" })).rejects.toThrow(message);
    expect(await snapshot("t-bad")).toEqual(before);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  test("a missing directory", async () => {
    await expect(importDatasetFromDir(db, "/nonexistent/alpsbench", { benchmark: "t-bad" })).rejects.toThrow(
      /\/nonexistent\/alpsbench: the data directory does not exist/,
    );
  });

  test("a failure inside the write rolls back every row of the import", async () => {
    const good = await readReleaseLayout(RELEASE);
    // The last instance names a track the database does not have: its insert fails after the others ran.
    const broken = [...good, { ...good[0]!, benchmarkId: "x-broken", track: "task9" } as unknown as NormalizedInstance];
    const before = await snapshot("t-bad");
    await expect(importInstances(db, broken, { benchmark: "t-bad", layout: "release", sourcePath: RELEASE })).rejects.toThrow();
    expect(await snapshot("t-bad")).toEqual(before);
  });
});
