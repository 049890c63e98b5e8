import { Option, type Command } from "commander";
import { loadTrackInstances } from "@/lib/pipeline/load-track-instances";
import { scoreTrack } from "@/lib/pipeline/score-track";
import { readPredictionFile } from "@/lib/predictions/read-prediction-file";
import { SPLITS, TRACK_IDS, type TrackId } from "@/lib/tracks";

/**
 * `score --task <track> --data <dir> --predictions <file> [--json]`: the deterministic metrics of a prediction
 * file against a data directory, with no server or database. Per-instance numbers are exactly what the server
 * stores for the same file.
 */
export function register(program: Command): void {
  program
    .command("score")
    .description("score a prediction file (JSONL or JSON array, gzip accepted) against AlpsBench data")
    .addOption(new Option("--task <track>", "track to score").choices([...TRACK_IDS]).makeOptionMandatory())
    .requiredOption("--data <dir>", "data directory (packets layout or official release layout)")
    .requiredOption("--predictions <file>", "prediction file")
    .addOption(new Option("--split <split>", "only this split").choices([...SPLITS]))
    .option("--json", "print JSON: {task, n, metrics, intervals, coverage, problems, instances}")
    .action(async (options: { task: TrackId; data: string; predictions: string; split?: string; json?: boolean }) => {
      const { instances, withoutGold } = await loadTrackInstances(options.data, options.task, options.split);
      if (instances.length === 0) {
        throw new Error(`no ${options.task} instances with gold in ${options.data}${withoutGold ? ` (${withoutGold} have hidden gold)` : ""}`);
      }
      const file = await readPredictionFile(options.predictions);
      const result = scoreTrack(options.task, instances, file.rows);
      const problems = [...file.problems.map((p) => ({ ...p, benchmarkId: null })), ...result.problems];
      const metrics = Object.fromEntries(Object.entries(result.metrics).map(([name, m]) => [name, m.value]));
      const intervals = Object.fromEntries(Object.entries(result.metrics).map(([name, m]) => [name, { low: m.ciLow, high: m.ciHigh, n: m.n }]));
      if (options.json) {
        const output = {
          task: options.task,
          n: result.n,
          scorer_version: result.scorerVersion,
          metrics,
          intervals,
          coverage: result.coverage,
          problems,
          problems_total: result.problemsTotal + file.problems.length,
          instances: result.instances.map((i) => ({ benchmark_id: i.benchmarkId, predicted: i.predicted, ...i.metrics })),
        };
        process.stdout.write(`${JSON.stringify(output)}\n`);
        return;
      }
      process.stdout.write(`${options.task}: ${result.n} instances, ${result.coverage.scored} predicted (${result.coverage.missing} missing score as empty)\n`);
      for (const [name, m] of Object.entries(result.metrics)) {
        const ci = m.ciLow === null ? "" : `  95% CI [${m.ciLow.toFixed(4)}, ${m.ciHigh!.toFixed(4)}]`;
        process.stdout.write(`  ${name.padEnd(20)} ${m.value === null ? "—" : m.value.toFixed(4)}${ci}\n`);
      }
      if (problems.length) {
        process.stdout.write(`${result.problemsTotal + file.problems.length} problem(s); first ones:\n`);
        for (const p of problems.slice(0, 20)) {
          process.stdout.write(`  ${p.line === null ? "file" : `line ${p.line}`}${p.field ? ` field ${p.field}` : ""}: ${p.message}\n`);
        }
      }
    });
}
