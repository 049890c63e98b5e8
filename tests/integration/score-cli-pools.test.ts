import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { importDatasetFromDir } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { runCli } from "../e2e/submissions-helpers";
import { scratchDir } from "@/tests/helpers/scratch-dir";

/**
 * `alpsbench score` on Task 3 at every pool size the server builds: the packets hold only the released d100 pools,
 * the server's own d100 … d1000 pools (secret seed) exist only in its database, and `score` reads them there.
 */
const databaseUrl = inject("databaseUrl");
const db = createPrismaClient(databaseUrl);
const PACKETS = path.resolve("tests/fixtures/datasets/packets-mini");
const BENCHMARK = "t-score-pools";
let benchmarkId = "";

beforeAll(async () => {
  const version = await db.benchmarkVersion.upsert({
    where: { slug: BENCHMARK },
    create: { slug: BENCHMARK, name: BENCHMARK, description: "test", source: "test" },
    update: {},
  });
  benchmarkId = version.id;
  await importDatasetFromDir(db, PACKETS, { benchmark: BENCHMARK });
});
afterAll(() => db.$disconnect());

type ScoreOutput = { task: string; source: string; n: number; metrics: { recall: number }; instances: { benchmark_id: string; recall: number }[] };

describe("alpsbench score: Task 3 pools from the database", { timeout: 300_000 }, () => {
  test("pool sizes the data folder lacks, named as the official harness names them, score against the server's pools", async () => {
    const dir = scratchDir("alpsbench-pools-");
    // every size takes the same path; three CLI runs (each a tsx subprocess) keep the test short
    for (const size of [100, 300, 1000] as const) {
      expect(POOL_SIZES).toContain(size);
      const track = `task3/d${size}` as TrackId;
      const instances = await getScorableInstances(db, benchmarkId, track);
      expect(instances.length, track).toBeGreaterThan(0);
      // the gold pick for the first instance, a wrong one for the rest: recall = 1/n exactly
      const rows = instances.map((instance, index) => {
        const goldId = (instance.gold as { selected_memory_id: string }).selected_memory_id;
        return { benchmark_id: instance.benchmarkId, answer: "a", reason: "r", selected_memory_id: index === 0 ? goldId : `${goldId}-wrong` };
      });
      const file = path.join(dir, `d${size}.jsonl`);
      writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n"));
      // d100 is in the packets (the released pool): --database asks for the server's; the others fall back on their own
      const args = [
        "score",
        "--task",
        `task3_d${size}`,
        "--data",
        PACKETS,
        "--benchmark",
        BENCHMARK,
        "--predictions",
        file,
        "--json",
        ...(size === 100 ? ["--database"] : []),
      ];
      const result = await runCli(args, databaseUrl);
      expect(result.code, result.stderr).toBe(0);
      const output = JSON.parse(result.stdout) as ScoreOutput;
      expect(output).toMatchObject({ task: track, source: "database", n: instances.length });
      expect(output.metrics.recall).toBeCloseTo(1 / instances.length, 12);
      expect(output.instances.find((i) => i.benchmark_id === instances[0]!.benchmarkId)?.recall).toBe(1);
      if (size !== 100) expect(result.stderr).toContain(`has no ${track} pools; scoring against the server's ${track} pools in the database`);
    }
  });
});
