#!/usr/bin/env tsx
/**
 * Every view's API answer, for comparing two builds of the code on the same data (a refactor must not change a
 * number): seed, import the real data when ALPSBENCH_DATA_DIR is set, then answer every view of every hosted benchmark
 * at every split, and every benchmark's JSON snapshot, through the read API's dispatch (no web server), and write them
 * as one sorted JSON file. Dates of generation are blanked; everything else is kept as served.
 * Usage: ALPSBENCH_PG_DIR=.data/pg-views ALPSBENCH_DATA_DIR=../shared/data/alpsbench tsx scripts/dev/views-snapshot.ts out.json
 * Then: `diff <(jq -S . before.json) <(jq -S . after.json)` or `cmp before.json after.json`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { hostedBenchmarks, ROOT_BENCHMARK } from "../../lib/benchmarks";
import { leaderboardResponse, snapshotResponse } from "../../lib/benchmarks/hosted-responses";
import { createPrismaClient } from "../../lib/db/create-client";
import { prepareDatabase } from "../../lib/db/prepare-database";
import { env } from "../../lib/env";
import { seed } from "@/lib/db/seed";

const log = (line: string) => process.stderr.write(`${line}\n`);
const SPLITS = [null, "full", "dev", "test"] as const;
// generation times differ between two runs of the same code; nothing else may
const VOLATILE = new Set(["generatedAt", "generated_at"]);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, VOLATILE.has(k) ? "<volatile>" : stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

async function answer(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return { status: response.status, body: stable(JSON.parse(text)) };
  } catch {
    return { status: response.status, text };
  }
}

async function main() {
  const out = process.argv[2] ?? "views-snapshot.json";
  const config = env();
  const database = await prepareDatabase({ databaseUrl: config.DATABASE_URL, pgDir: path.resolve(config.ALPSBENCH_PG_DIR), log, adopt: { stopAdopted: true } });
  const db = createPrismaClient(database.url);
  const answers: Record<string, unknown> = {};
  try {
    await seed(db);
    // the data folder of the benchmark at "/", imported by its own importer
    if (config.ALPSBENCH_DATA_DIR) await ROOT_BENCHMARK.importData?.(db, path.resolve(config.ALPSBENCH_DATA_DIR), log);
    for (const benchmark of hostedBenchmarks()) {
      for (const view of benchmark.views) {
        for (const split of SPLITS) {
          const search = new URLSearchParams(split ? { split } : {});
          answers[`view ${benchmark.id}/${view.id || "-"} split=${split ?? "default"}`] = await answer(await leaderboardResponse(db, benchmark.id, view.id, search));
        }
      }
      answers[`snapshot ${benchmark.id}`] = await answer(await snapshotResponse(db, new URLSearchParams({ benchmark: benchmark.id, format: "json" })));
    }
    writeFileSync(out, `${JSON.stringify(answers, null, 1)}\n`);
    log(`${Object.keys(answers).length} answers written to ${out}`);
  } finally {
    await db.$disconnect();
    await database.embedded?.stop();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
