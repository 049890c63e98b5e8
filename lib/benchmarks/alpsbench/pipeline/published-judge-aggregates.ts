import { type NoiseDraw, publishTestAggregate, type PublishedAggregate } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { Split, TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { combineWithPublishedTest } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import type { AggregateMetric } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { judgeAggregates } from "./submission-judge";
import { atDisplayPrecision } from "./test-precision";

type JudgedRow = { metrics: unknown; meta: unknown; split: Split };

/**
 * The judge Scores a submission publishes (pure). `exact`: the aggregates as they are (the server's runs, dev and
 * validation uploads, full uploads without test rows, the demo). `test`: a test-split upload, noised and rounded, or withheld
 * like its deterministic figures (lib/benchmarks/alpsbench/read/test-split-privacy.ts). `full`: a full upload with test rows,
 * built from its exact dev/validation parts and its published test part (combineWithPublishedTest), as its
 * deterministic figures are: rounding the exact whole would let public rows place it at a rounding boundary and
 * read a hidden test instance's judge score. `display`: exact test figures (noise off) of an upload that publishes
 * them, whose judge Scores all cover test instances: seeded with the secret `testSeed` and stored at display
 * precision (test-precision.ts).
 */
export function publishedJudgeAggregates(
  track: TrackId,
  rows: readonly JudgedRow[],
  seed: string,
  mode: { kind: "exact" } | { kind: "display"; testSeed: string } | { kind: "test" | "full"; draw: NoiseDraw },
): Record<string, PublishedAggregate> {
  if (mode.kind === "display") {
    const secretlySeeded = judgeAggregates(track, rows, mode.testSeed);
    return Object.fromEntries(Object.entries(secretlySeeded).map(([metric, a]) => [metric, atDisplayPrecision(track, metric, a)]));
  }
  const whole = judgeAggregates(track, rows, seed);
  if (mode.kind === "exact") return whole;
  const { draw } = mode;
  if (mode.kind === "test") return Object.fromEntries(Object.entries(whole).map(([metric, a]) => [metric, publishTestAggregate(track, metric, a, draw).aggregate]));
  const bySplit: Partial<Record<Split, Record<string, AggregateMetric>>> = {};
  for (const split of ["dev", "validation", "test"] as const) {
    const part = rows.filter((r) => r.split === split);
    if (part.length > 0) bySplit[split] = judgeAggregates(track, part, `${seed}:${split}`);
  }
  return Object.fromEntries(Object.entries(whole).map(([metric, a]) => [metric, combineWithPublishedTest(track, metric, a.n, bySplit, new Map(), draw)]));
}
