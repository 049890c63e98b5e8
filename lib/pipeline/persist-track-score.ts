import type { Db } from "@/lib/db/create-client";
import { publishTestAggregate, type Publication } from "@/lib/leaderboard/test-split-privacy";
import type { Split } from "@/lib/tracks";
import type { TrackScore } from "./score-track";
import { newInstanceId } from "./write-instances";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Which aggregates carry test-split figures of an upload and are stored rounded (lib/leaderboard/test-split-privacy.ts):
 * `score`, the Score rows (a test-split upload, or a full one with test rows: its whole-benchmark mean minus the
 * public dev/validation per-instance scores is the test sum); `testSplit`, the SplitScore rows of the test split.
 * Absent: everything exact (the server's own runs, dev/validation uploads, full uploads without test rows).
 */
export type TestFigures = { score: boolean; testSplit: boolean };

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
  testFigures?: TestFigures,
): Promise<Map<string, Publication>> {
  const published = new Map<string, Publication>();
  // the stored figure: exact, or rounded/withheld (then listed under `label` for the submission's note)
  const figure = (metric: string, aggregate: TrackScore["metrics"][string], rounded: boolean, label = metric) => {
    if (!rounded) return { value: aggregate.value, n: aggregate.n, ciLow: aggregate.ciLow, ciHigh: aggregate.ciHigh };
    const publication = publishTestAggregate(result.track, metric, aggregate);
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
  for (const [metric, aggregate] of Object.entries(result.metrics)) {
    const fields = { ...figure(metric, aggregate, testFigures?.score === true), kind: "deterministic" as const, judgeProfileId: null };
    await tx.score.upsert({
      where: { submissionId_trackId_metric_scoreVersion: { submissionId, trackId: result.track, metric, scoreVersion: result.scorerVersion } },
      create: { submissionId, trackId: result.track, metric, scoreVersion: result.scorerVersion, ...fields },
      update: { ...fields, computedAt: new Date() },
    });
  }
  // A full-benchmark run's aggregates over each split (scoreTrack with splitOf): the split views rank them.
  for (const [split, metrics] of Object.entries(result.splitMetrics) as [Split, Record<string, TrackScore["metrics"][string]>][]) {
    for (const [metric, aggregate] of Object.entries(metrics)) {
      const rounded = split === "test" && testFigures?.testSplit === true;
      const fields = { ...figure(metric, aggregate, rounded, `${metric} (test split)`), kind: "deterministic" as const };
      await tx.splitScore.upsert({
        where: { submissionId_trackId_split_metric_scoreVersion: { submissionId, trackId: result.track, split, metric, scoreVersion: result.scorerVersion } },
        create: { submissionId, trackId: result.track, split, metric, scoreVersion: result.scorerVersion, ...fields },
        update: { ...fields, computedAt: new Date() },
      });
    }
  }
  return published;
}
