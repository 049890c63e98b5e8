#!/usr/bin/env tsx
/**
 * Print a view's top rows as the read API serves them (the dispatch its route files call, no web server): seed, import the real
 * data when ALPSBENCH_DATA_DIR is set, then GET /api/v1/leaderboards/alpsbench[/view]?split=... for each argument.
 * Usage: ALPSBENCH_PG_DIR=.data/pg-x ALPSBENCH_DATA_DIR=../shared/data/alpsbench tsx scripts/dev/overview-top.ts overview:full overview:dev task2:dev
 */
import path from "node:path";
import { ROOT_BENCHMARK } from "../../lib/benchmarks";
import { leaderboardResponse } from "../../lib/benchmarks/hosted-responses";
import { createPrismaClient } from "../../lib/db/create-client";
import { prepareDatabase } from "../../lib/db/prepare-database";
import { env } from "../../lib/env";
import { seed } from "@/lib/db/seed";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const config = env();
  const database = await prepareDatabase({ databaseUrl: config.DATABASE_URL, pgDir: path.resolve(config.ALPSBENCH_PG_DIR), log, adopt: { stopAdopted: true } });
  const db = createPrismaClient(database.url);
  try {
    await seed(db);
    // the data folder of the benchmark at "/", imported by its own importer
    if (config.ALPSBENCH_DATA_DIR) await ROOT_BENCHMARK.importData?.(db, path.resolve(config.ALPSBENCH_DATA_DIR), log);
    for (const arg of process.argv.slice(2)) {
      const [view = "", split = "full", top = "10"] = arg.split(":");
      const response = await leaderboardResponse(db, view, null, new URLSearchParams({ split }));
      const body = (await response.json()) as { rankedBy: string; rows: Record<string, unknown>[]; columns: { id: string }[] };
      console.log(`\n## ${view} (${split}), ranked by ${body.rankedBy}`);
      const shown = body.columns.map((c) => c.id).slice(0, 4);
      for (const row of body.rows.slice(0, Number(top))) {
        const cells = shown.map((id) => `${id}=${JSON.stringify(row[id] ?? null)}`).join(" ");
        console.log(
          `${row.rank ?? "-"}\t${row.system} [${row.tier}]${row.kind === "baseline" ? " (baseline)" : ""}\t${cells}${row.coverage ? `\tcoverage=${row.coverage}` : ""}`,
        );
      }
    }
  } finally {
    await db.$disconnect();
    await database.embedded?.stop();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
