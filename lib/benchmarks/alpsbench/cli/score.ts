import { Option, type Command } from "commander";
import { z } from "zod";
import type { CommandHost } from "@/lib/benchmarks/types";
import { parseOption, withDb } from "@/lib/cli/with-db";
import type { Db } from "@/lib/db/create-client";
import { readPredictionFile } from "@/lib/uploads/read-prediction-file";
import { loadTrackInstances } from "../pipeline/load-track-instances";
import { scoreTrack, type ScorableInstance } from "../pipeline/score-track";
import { getScorableInstances } from "../read/queries/scorable-instances";
import { SPLITS, taskOf, type TrackId } from "../track-ids";
import { TRACK_OPTION_HELP, TrackOption } from "./track-option";
import { uploadRefusal } from "./upload-refusal";

const Options = z.object({
  task: TrackOption.optional(),
  data: z.string().min(1).optional(),
  database: z.boolean().optional(),
  benchmark: z.string().trim().min(1),
  predictions: z.string().min(1),
  split: z.enum(SPLITS).optional(),
  json: z.boolean().optional(),
});

/**
 * `score --task <track> (--data <dir> | --database) --predictions <file> [--json]`: the deterministic metrics of
 * a prediction file. With --data, against a data directory, no server or database needed. The server builds its
 * own Task 3 pools at every size (d100 … d1000, lib/benchmarks/alpsbench/pipeline/server-pools.ts) from a secret seed, so they exist
 * only in its database: a Task 3 track the data folder lacks (the packets hold only the released d100 pools) is
 * read from the database instead, and --database reads any track from there (the server's d100 pools, which
 * replace the released ones, included). Per-instance numbers are exactly what the server stores for the file.
 */
export function register(program: Command, host: CommandHost): void {
  program
    .command("score")
    .description(
      "score a prediction file (JSONL or JSON array, gzip accepted) against AlpsBench data or the server's database; --benchmark personalllm for PersonalLLM",
    )
    .option("--task <track>", `AlpsBench: ${TRACK_OPTION_HELP}`)
    .option("--track <track>", "a benchmark module's track with --benchmark <module> (e.g. --benchmark personalllm --track rewards|selection)")
    .option("--data <dir>", "data directory (packets layout or official release layout; for PersonalLLM the folder of the evaluation parquet)")
    .option("--database", "read the track's instances and gold from the database (DATABASE_URL, or the embedded one): the server's own Task 3 pools")
    .option("--benchmark <slug>", "AlpsBench version in the database (alpsbench-v1), or a benchmark module id (personalllm)", "alpsbench-v1")
    .requiredOption("--predictions <file>", "prediction file")
    .addOption(new Option("--split <split>", "only this split").choices([...SPLITS]))
    .option("--json", "print JSON: {task, n, metrics, intervals, coverage, problems, instances}")
    .action(async (raw: unknown) => {
      const given = raw as { benchmark?: string; track?: string; data?: string; predictions: string; json?: boolean };
      // a registered benchmark module (PersonalLLM, …) scores through its own declaration
      if (given.benchmark && (await host.scoreModuleFile({ ...given, benchmark: given.benchmark }))) return;
      const options = parseOption(Options, raw);
      if (!options.task) throw new Error("error: required option '--task <track>' not specified");
      const track = options.task;
      const { instances, source } = await instancesFor(track, options);
      const file = await readPredictionFile(options.predictions);
      const result = scoreTrack(track, instances, file.rows);
      const refusal = await uploadRefusal(options.predictions, track, new Set(instances.map((i) => i.benchmarkId)));
      const problems = [...file.problems.map((p) => ({ ...p, benchmarkId: null })), ...result.problems];
      const metrics = Object.fromEntries(Object.entries(result.metrics).map(([name, m]) => [name, m.value]));
      const intervals = Object.fromEntries(Object.entries(result.metrics).map(([name, m]) => [name, { low: m.ciLow, high: m.ciHigh, n: m.n }]));
      if (options.json) {
        const output = {
          task: track,
          source,
          n: result.n,
          scorer_version: result.scorerVersion,
          metrics,
          intervals,
          coverage: result.coverage,
          problems,
          problems_total: result.problemsTotal + file.problems.length,
          // null: an upload of this file would be accepted; else why the server would refuse it
          upload_refusal: refusal,
          instances: result.instances.map((i) => ({ benchmark_id: i.benchmarkId, predicted: i.predicted, ...i.metrics })),
        };
        process.stdout.write(`${JSON.stringify(output)}\n`);
        return;
      }
      process.stdout.write(`${track} (${source}): ${result.n} instances, ${result.coverage.scored} predicted (${result.coverage.missing} missing score as empty)\n`);
      for (const [name, m] of Object.entries(result.metrics)) {
        const ci = m.ciLow === null ? "" : `  95% CI [${m.ciLow.toFixed(4)}, ${m.ciHigh!.toFixed(4)}]`;
        process.stdout.write(`  ${name.padEnd(20)} ${m.value === null ? "—" : m.value.toFixed(4)}${ci}\n`);
      }
      if (refusal) {
        process.stderr.write(`warning: an upload of this file would be refused (${refusal.code}): ${refusal.message}\n`);
        for (const p of refusal.problems.slice(0, 10)) process.stderr.write(problemLine(p));
      }
      if (problems.length) {
        process.stdout.write(`${result.problemsTotal + file.problems.length} problem(s); first ones:\n`);
        for (const p of problems.slice(0, 20)) process.stdout.write(problemLine(p));
      }
    });
}

function problemLine(p: { line: number | null; field: string | null; message: string }): string {
  return `  ${p.line === null ? "file" : `line ${p.line}`}${p.field ? ` field ${p.field}` : ""}: ${p.message}\n`;
}

type Source = "data" | "database";

/** The track's instances with gold: from the data folder, or from the database (asked for, or a Task 3 pool size the folder lacks). */
async function instancesFor(track: TrackId, options: z.infer<typeof Options>): Promise<{ instances: ScorableInstance[]; source: Source }> {
  if (options.database || options.data === undefined) {
    return { instances: await withDb((db) => fromDatabase(db, track, options.benchmark, options.split)), source: "database" };
  }
  const { instances, withoutGold } = await loadTrackInstances(options.data, track, options.split);
  if (instances.length > 0) return { instances, source: "data" };
  if (taskOf(track) === "task3" && withoutGold === 0) {
    process.stderr.write(`${options.data} has no ${track} pools; scoring against the server's ${track} pools in the database\n`);
    return { instances: await withDb((db) => fromDatabase(db, track, options.benchmark, options.split)), source: "database" };
  }
  throw new Error(`no ${track} instances with gold in ${options.data}${withoutGold ? ` (${withoutGold} have hidden gold)` : ""}`);
}

async function fromDatabase(db: Db, track: TrackId, named: string, split?: (typeof SPLITS)[number]): Promise<ScorableInstance[]> {
  // `alpsbench`, the benchmark's id, is its default data version, as in uploads and URLs
  const benchmark = named === "alpsbench" ? "alpsbench-v1" : named;
  const version = await db.benchmarkVersion.findUnique({ where: { slug: benchmark }, select: { id: true } });
  if (!version) throw new Error(`the database has no benchmark "${benchmark}" (import the data first: alpsbench import --from <dir>)`);
  const instances = await getScorableInstances(db, version.id, track, split ? [split] : undefined);
  if (instances.length === 0) throw new Error(`the database has no ${track} instances with gold in ${benchmark}${split ? ` (split ${split})` : ""}`);
  return instances;
}
