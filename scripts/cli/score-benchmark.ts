import type { Capabilities } from "@/lib/benchmarks/hosted-capabilities";
import type { Benchmark } from "@/lib/benchmarks/types";

/**
 * `score --benchmark <id> --track <track> --data <folder> --predictions <file> [--json]` for a benchmark that scores
 * files offline (its `scoreFile` capability, hosted-capabilities.ts; AlpsBench keeps `--task`). Prints {benchmark, track, n, metrics, intervals}; a file with
 * problems prints them (line, field, message) and exits 1.
 */
export async function scoreBenchmarkCommand(
  benchmark: Benchmark,
  scoreFile: NonNullable<Capabilities["scoreFile"]>,
  options: { track?: string; data: string; predictions: string; json?: boolean },
) {
  const trackId = options.track ?? benchmark.tracks[0]!.id;
  const scored = await scoreFile(trackId, options.data, options.predictions);
  if (!scored.ok) {
    if (options.json) process.stdout.write(`${JSON.stringify({ benchmark: benchmark.id, track: trackId, ok: false, problems: scored.problems })}\n`);
    for (const p of scored.problems.slice(0, 20)) {
      process.stderr.write(`${options.predictions}${p.line === null ? "" : ` line ${p.line}`}${p.field ? ` field ${p.field}` : ""}: ${p.message}\n`);
    }
    throw new Error(`${scored.problems.length} problem(s) in ${options.predictions}: nothing scored`);
  }
  const { result } = scored;
  const metrics = Object.fromEntries(Object.entries(result.metrics).map(([k, m]) => [k, m.value]));
  const intervals = Object.fromEntries(Object.entries(result.metrics).map(([k, m]) => [k, { low: m.ciLow, high: m.ciHigh, n: m.n }]));
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ benchmark: benchmark.id, track: trackId, format: scored.format, n: result.n, metrics, intervals, users: result.items })}\n`,
    );
    return;
  }
  process.stdout.write(`${benchmark.title} ${trackId}: ${result.n} users\n`);
  for (const [name, m] of Object.entries(result.metrics)) {
    const ci = m.ciLow === null ? "" : `  95% CI [${m.ciLow.toFixed(4)}, ${m.ciHigh!.toFixed(4)}]`;
    process.stdout.write(`  ${name.padEnd(28)} ${m.value === null ? "—" : m.value.toFixed(4)}${ci}\n`);
  }
}
