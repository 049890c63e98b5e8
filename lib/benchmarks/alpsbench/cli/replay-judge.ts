import type { Command } from "commander";
import { REPLAY_TASKS, type ReplayReport, type ReplayTask, replayJudge } from "../judge/replay/replay-judge";

/**
 * `alpsbench replay-judge --task <task1|task2|task3|task4> --from <judge-replay dir> [--json]`
 * Replays recorded judge outputs through our pipeline and compares every score with the recording.
 * With --json: {"items": [...], "summary": {...}} on stdout. Without: a short report on stdout.
 * Exits non-zero when an item's score differs from the recording.
 */
export function register(program: Command): void {
  program
    .command("replay-judge")
    .description("Replay recorded AlpsBench judge outputs through our judge pipeline and compare the scores")
    .requiredOption("--task <task>", `one of ${REPLAY_TASKS.join(", ")}`)
    .requiredOption("--from <dir>", "the judge-replay folder (holding task1/ ... task4/) or one task's folder")
    .option("--json", "print the full result as JSON on stdout")
    .action(async (options: { task: string; from: string; json?: boolean }) => {
      const task = parseTask(options.task);
      const report = await replayJudge({ task, from: options.from });
      process.stdout.write(options.json ? `${JSON.stringify(report)}\n` : humanReport(report));
      if (report.summary.mismatches.length > 0) process.exitCode = 1;
    });
}

function parseTask(value: string): ReplayTask {
  const task = REPLAY_TASKS.find((candidate) => candidate === value);
  if (!task) throw new Error(`--task must be one of ${REPLAY_TASKS.join(", ")} (got "${value}")`);
  return task;
}

function humanReport({ summary }: ReplayReport): string {
  const lines = [
    `replay-judge ${summary.task} from ${summary.from}`,
    `  items ${summary.items}: judged ${summary.judged}, not judged ${summary.not_judged}, unparsable ${summary.unparsable}`,
    `  judge score matches the recording: ${summary.judge_score_matches}/${summary.items}`,
    `  final score matches the recording: ${summary.final_score_matches}/${summary.items}`,
  ];
  if (summary.mismatches.length) lines.push(`  mismatches: ${summary.mismatches.join(", ")}`);
  lines.push(`  aggregates: ${JSON.stringify(summary.aggregates)}`);
  return `${lines.join("\n")}\n`;
}
