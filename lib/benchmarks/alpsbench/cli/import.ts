import type { Command } from "commander";
import { z } from "zod";
import type { CommandHost } from "@/lib/benchmarks/types";
import { databaseForCli } from "@/lib/db/cli-database";
import { createPrismaClient } from "@/lib/db/create-client";
import { importRealData } from "../data/import/import-real-data";
import { progressFor } from "../data/import/import-progress";

const ImportOptionsSchema = z.object({
  poolVersion: z.enum(["v1", "v2", "v3", "v4"]).optional(),
  benchmark: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
    .optional(),
});

/** `import --from <dir>`: load the real data (packets or release layout) into the database, all or nothing. */
export function register(program: Command, host: CommandHost): void {
  program
    .command("import")
    .description("import AlpsBench data (packets layout or official release layout) into the database")
    .requiredOption("--from <dir>", "data directory: ../shared/data/alpsbench, or a release with benchmark_data/")
    .option("--pool-version <v1|v2|v3>", "Task 3 pools the server builds (docs/task3-pools.md); default: the data version's own, else v3 (the paper's protocol)")
    .option("--benchmark <slug>", "data version to import into, created when missing (default alpsbench-v1)")
    .option("--json", "print the report as JSON")
    .action(async (options: { from: string; json?: boolean; poolVersion?: string; benchmark?: string }) => {
      const poolVersion = ImportOptionsSchema.shape.poolVersion.safeParse(options.poolVersion);
      const benchmark = ImportOptionsSchema.shape.benchmark.safeParse(options.benchmark);
      if (!poolVersion.success || !benchmark.success) {
        const bad = !poolVersion.success
          ? `--pool-version ${JSON.stringify(options.poolVersion)}: v1, v2, v3 or v4`
          : `--benchmark ${JSON.stringify(options.benchmark)}: lowercase letters, digits and -`;
        process.stderr.write(`alpsbench import: ${bad}\n`);
        process.exitCode = 2;
        return;
      }
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const database = await databaseForCli(log);
      const db = createPrismaClient(database.url);
      try {
        // a folder another benchmark module recognises (PersonalLLM parquet or figures) is imported by it
        const other = await host.importModuleFolder(db, options.from, log);
        if (other) {
          process.stdout.write(options.json ? `${JSON.stringify(other)}\n` : `${other.lines.join("\n")}\n`);
          return;
        }
        await host.seed(db);
        // A bar per phase with counts and ETA on a terminal; plain lines when stderr is a file or a pipe.
        const report = await importRealData(db, options.from, log, {
          progress: progressFor(log),
          ...(poolVersion.data ? { poolVersion: poolVersion.data } : {}),
          ...(benchmark.data ? { benchmark: benchmark.data } : {}),
        });
        if (options.json) {
          process.stdout.write(`${JSON.stringify(report)}\n`);
        } else {
          process.stdout.write(`imported ${options.from} (${report.layout} layout) in ${report.seconds.toFixed(1)} s: `);
          process.stdout.write(`${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged\n`);
          if (report.rescored) process.stdout.write(`re-scored packet outputs: ${report.rescored.created} new, ${report.rescored.unchanged} unchanged\n`);
          process.stdout.write(`BM25 baseline: ${report.bm25}\n`);
          for (const [track, splits] of Object.entries(report.counts).sort()) {
            const parts = Object.entries(splits).map(([split, n]) => `${split} ${n}`);
            process.stdout.write(`  ${track.padEnd(16)} ${parts.join(", ")}\n`);
          }
        }
      } finally {
        await db.$disconnect();
        await database.close();
      }
    });
}
