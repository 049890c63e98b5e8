import { Option, type Command } from "commander";
import { databaseForCli } from "@/lib/db/cli-database";
import { createPrismaClient } from "@/lib/db/create-client";
import { hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { queueRescores } from "@/lib/submissions/queue-rescores";

/**
 * `rescore --all [--track <t>] [--dry-run]` or `rescore --id <submission>`: after SCORER_VERSION (or a benchmark
 * module track's own scorerVersion) changes, queue every finished upload that was scored under another version
 * for scoring under the current one (lib/submissions/queue-rescores.ts). Runs on the database directly (whoever can
 * run it is an admin). While re-scoring, a submission is off the leaderboards (they show `done` submissions only).
 */
export function register(program: Command): void {
  // the benchmarks that score with their own pipeline, under one version each (one-call tracks have their own)
  const pipelines = hostedBenchmarks().filter((b) => capabilitiesOf(b).scoreStep);
  const versions = pipelines.map((b) => `${b.title}: ${capabilitiesOf(b).scoreVersion([])}`).join("; ");
  // the field predates modules and names the version of the benchmark at "/"; each queued entry carries its own
  const scoreVersion = capabilitiesOf(ROOT_BENCHMARK).scoreVersion([]);
  program
    .command("rescore")
    .description(`queue finished uploads scored under an older scorer version (${versions}; modules: their tracks' own) for re-scoring`)
    .option("--all", "every done upload whose scorer version differs from the current one of its track")
    .option("--id <submission>", "one submission (whatever its version: forces a re-score)")
    .addOption(new Option("--track <track>", "only submissions covering this track").choices(pipelines.flatMap((b) => b.tracks.map((t) => t.id))))
    .option("--dry-run", "list what would be queued, queue nothing")
    .option("--json", "print {scoreVersion, queued: [ids]} as JSON")
    .action(async (options: { all?: boolean; id?: string; track?: string; dryRun?: boolean; json?: boolean }) => {
      if (!options.all === !options.id) throw new Error("give either --all or --id <submission>");
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const database = await databaseForCli(log);
      const db = createPrismaClient(database.url);
      try {
        const selection = options.id ? { id: options.id } : { all: true as const, track: options.track };
        const { queued } = await queueRescores(db, selection, { dryRun: options.dryRun, log });
        const ids = queued.map((q) => q.id);
        if (options.json) process.stdout.write(`${JSON.stringify({ scoreVersion, dryRun: Boolean(options.dryRun), queued: ids, versions: queued })}\n`);
        else process.stdout.write(`${options.dryRun ? "would queue" : "queued"} ${ids.length} submission(s) for re-scoring\n`);
      } finally {
        await db.$disconnect();
        await database.close();
      }
    });
}
