import type { Tx } from "@/lib/db/create-client";
import { metricBounds, type NoiseDraw, publishTestAggregate, type Publication, type PublishedAggregate } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { Split } from "@/lib/benchmarks/alpsbench/track-ids";
import type { TrackScore } from "./score-track";
import { newInstanceId } from "../data/import/write-instances";
import { atDisplayPrecision } from "./test-precision";

/**
 * Writes one track's deterministic results for a submission: a row per instance and a Score per metric, under
 * the result's scorer version, in the caller's transaction. Safe to run twice: existing rows for the same
 * (submission, instance, version) are left as they are, and Scores are upserted.
 */
export async function persistTrackScore(
  tx: Tx,
  submissionId: string,
  benchmarkVersionId: string,
  result: TrackScore,
  /**
   * The submission's noise draws when it publishes test figures (lib/benchmarks/alpsbench/pipeline/test-figures.ts testFigureDraw): its
   * Scores (a test-split upload's, or a full upload's built by combineWithPublishedTest) and its test SplitScores
   * are stored as published (lib/benchmarks/alpsbench/read/test-split-privacy.ts). Absent: everything exact.
   */
  testDraw?: NoiseDraw,
  /**
   * Without noise, whether the submission publishes test figures: its figures over hidden test instances (the
   * Scores of a test-split upload or of a full upload with test rows, and test SplitScores) are then stored at
   * their metric's display precision (test-precision.ts). Dev and validation figures stay exact.
   */
  testAtDisplayPrecision = false,
): Promise<Map<string, Publication>> {
  const published = new Map<string, Publication>();
  // the stored figure: exact, at display precision, or noised/withheld (then listed under `label` for the note)
  const figure = (metric: string, aggregate: TrackScore["metrics"][string], overTest: boolean, label = metric) => {
    const exact = { value: aggregate.value, n: aggregate.n, ciLow: aggregate.ciLow, ciHigh: aggregate.ciHigh };
    if (!overTest) return exact;
    if (!testDraw) return testAtDisplayPrecision ? atDisplayPrecision(result.track, metric, exact) : exact;
    const publication = publishTestAggregate(result.track, metric, aggregate, testDraw!);
    published.set(label, publication);
    return publication.aggregate;
  };
  const rows = await tx.instance.findMany({
    where: { benchmarkVersionId, trackId: result.track },
    select: { id: true, benchmarkId: true },
  });
  const instanceIds = new Map(rows.map((r) => [r.benchmarkId, r.id]));
  const data: string[] = [];
  for (const instance of result.instances) {
    const instanceId = instanceIds.get(instance.benchmarkId);
    if (!instanceId) throw new Error(`${result.track}: instance ${instance.benchmarkId} is not in the database`);
    data.push(JSON.stringify({ id: newInstanceId(), instanceId, metrics: { predicted: instance.predicted, ...instance.metrics }, detail: instance.detail }));
  }
  // One statement per 2,000 rows from a JSON array rather than Prisma's createMany: the same rows (skipDuplicates is
  // ON CONFLICT DO NOTHING), without the client compiling every row's JSON (a third of the re-score's time).
  for (let start = 0; start < data.length; start += 2000) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "InstanceResult" ("id", "submissionId", "instanceId", "scoreVersion", "metrics", "detail")
       SELECT r.id, $2, r."instanceId", $3, r.metrics, r.detail FROM json_to_recordset($1::json) AS r(id text, "instanceId" text, metrics jsonb, detail jsonb)
       ON CONFLICT ("submissionId", "instanceId", "scoreVersion") DO NOTHING`,
      `[${data.slice(start, start + 2000).join(",")}]`,
      submissionId,
      result.scorerVersion,
    );
  }
  // a full upload with test rows: its whole-benchmark figure is built from its split figures, the test part as
  // published (see combineWithPublishedTest), never the exact whole rounded
  const testSplit = result.splitMetrics.test;
  for (const [metric, aggregate] of Object.entries(result.metrics)) {
    const whole =
      testDraw && testSplit?.[metric] !== undefined
        ? combineWithPublishedTest(result.track, metric, aggregate.n, result.splitMetrics, published, testDraw)
        : figure(metric, aggregate, testDraw !== undefined || testAtDisplayPrecision);
    const fields = { ...whole, kind: "deterministic" as const, judgeProfileId: null };
    await tx.score.upsert({
      where: { submissionId_trackId_metric_scoreVersion: { submissionId, trackId: result.track, metric, scoreVersion: result.scorerVersion } },
      create: { submissionId, trackId: result.track, metric, scoreVersion: result.scorerVersion, ...fields },
      update: { ...fields, computedAt: new Date() },
    });
  }
  // A full-benchmark run's aggregates over each split (scoreTrack with splitOf): the split views rank them.
  for (const [split, metrics] of Object.entries(result.splitMetrics) as [Split, Record<string, TrackScore["metrics"][string]>][]) {
    for (const [metric, aggregate] of Object.entries(metrics)) {
      const fields = { ...figure(metric, aggregate, split === "test", `${metric} (test split)`), kind: "deterministic" as const };
      await tx.splitScore.upsert({
        where: { submissionId_trackId_split_metric_scoreVersion: { submissionId, trackId: result.track, split, metric, scoreVersion: result.scorerVersion } },
        create: { submissionId, trackId: result.track, split, metric, scoreVersion: result.scorerVersion, ...fields },
        update: { ...fields, computedAt: new Date() },
      });
    }
  }
  return published;
}

type Aggregate = TrackScore["metrics"][string];

/**
 * The whole-benchmark figure of a full upload that has test rows: the mean of its split figures weighted by their
 * instances, with the test part as published (noised and rounded, or withheld: lib/benchmarks/alpsbench/read/test-split-privacy.ts) and the
 * public parts exact. Rounding the exact whole instead would let an uploader choose dev/validation rows, whose
 * per-instance scores are public, that put the whole next to a rounding boundary and so read one hidden test
 * instance's score bit by bit. Built this way, the whole says nothing the
 * public parts and the rounded test figure do not. The interval combines the parts' half-widths as independent
 * means (normal approximation). Withheld when the test figure is, or when a metric is a pooled ratio whose parts
 * cannot be weighted by instances (their share is not 1 / n). The test part's draw is the one its test-split
 * figure gets (same submission, track and metric), so the whole and the test split agree and spend no more.
 */
export function combineWithPublishedTest(
  track: TrackScore["track"],
  metric: string,
  n: number,
  splits: TrackScore["splitMetrics"],
  published: Map<string, Publication>,
  draw: NoiseDraw,
): PublishedAggregate {
  const withheld: PublishedAggregate = { value: null, n, ciLow: null, ciHigh: null };
  const parts: Aggregate[] = [];
  for (const [split, metrics] of Object.entries(splits) as [Split, Record<string, Aggregate>][]) {
    const part = metrics[metric];
    if (!part || part.n === 0) continue;
    const weighable = part.share === undefined || Math.abs(part.share - 1 / part.n) < 1e-12;
    if (!weighable) return markWithheld(published, metric, withheld);
    if (split !== "test") {
      parts.push(part);
      continue;
    }
    const publication = publishTestAggregate(track, metric, part, draw);
    if (publication.withheld || publication.aggregate.value === null) return markWithheld(published, metric, withheld);
    published.set(metric, publication);
    parts.push({ ...part, ...publication.aggregate });
  }
  const total = parts.reduce((sum, p) => sum + p.n, 0);
  if (total === 0 || parts.some((p) => p.value === null)) return markWithheld(published, metric, withheld);
  const value = parts.reduce((sum, p) => sum + p.n * p.value!, 0) / total;
  const halves = parts.map((p) => (p.ciLow === null || p.ciHigh === null ? null : (p.ciHigh - p.ciLow) / 2));
  if (halves.some((h) => h === null)) return { value, n, ciLow: null, ciHigh: null };
  const half = Math.sqrt(parts.reduce((sum, p, i) => sum + ((p.n / total) * halves[i]!) ** 2, 0));
  // clipped to the metric's range (a whole near 0 had an interval reaching below it)
  const [lo, hi] = metricBounds(track, metric) ?? [-Infinity, Infinity];
  return { value, n, ciLow: Math.max(lo, value - half), ciHigh: Math.min(hi, value + half) };
}

function markWithheld(published: Map<string, Publication>, metric: string, figure: PublishedAggregate): PublishedAggregate {
  published.set(metric, { aggregate: figure, step: null, noiseScale: null, withheld: true });
  return figure;
}
