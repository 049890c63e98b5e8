import { createHmac } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { metricDef, TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";
import type { PublishedAggregate } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { roundToDigits } from "@/lib/leaderboard/round";
import { serverSecret } from "./test-figure-noise";

/**
 * How an upload's test figures are published when they are exact (TEST_FIGURE_NOISE off, the default; issue 30 #5).
 * A figure published to the last digit with a bootstrap interval seeded by the documented
 * `<submission id>:<track>:<split>:<metric>` gave three equations per metric (mean, low, high): with the rows the
 * uploader wrote, candidate assignments of the hidden test instances' scores could be checked against all three,
 * and few fitted. So, for every aggregate over hidden test instances (a test-split upload's Scores, a full
 * upload's whole figures when it has test rows, and its test SplitScores):
 *  - the bootstrap is seeded with a keyed hash of a server secret and the submission (testBootstrapSeed), so the
 *    interval cannot be recomputed from candidate rows;
 *  - the value and both bounds are stored at the metric's display precision (its column's decimals: 4 for
 *    0-1 metrics, 2 for 0-100 and Likert ones), once, where they are stored: the page, the API, the CSV, the
 *    Every Eval Ever export and the reproducibility packs all read the stored figure, so every surface agrees.
 * Dev and validation figures stay exact and reproducible with the documented seed. Publishing test figures with
 * noise (TEST_FIGURE_NOISE=on, lib/benchmarks/alpsbench/read/test-split-privacy.ts) rounds more coarsely still.
 */
const SECRET_NAME = "test-bootstrap-seed";

/** The bootstrap seed of a submission's test aggregates: HMAC-SHA256(server secret, submission id). */
export async function testBootstrapSeed(db: Pick<Db, "serverSecret">, submissionId: string): Promise<string> {
  const secret = await serverSecret(db, SECRET_NAME);
  return createHmac("sha256", secret).update(`test-bootstrap\n${submissionId}`).digest("base64url");
}

/** A metric's display decimals (its column's); metrics a track computes without showing fall back to any track's. */
export function displayDecimals(track: TrackId, metric: string): number {
  const def =
    metricDef(track, metric) ??
    Object.values(TRACK_METRICS)
      .flat()
      .find((m) => m.id === metric);
  return def?.decimals ?? 4;
}

/** A test aggregate as published: value and bounds rounded to the metric's display precision. Pure. */
export function atDisplayPrecision(track: TrackId, metric: string, aggregate: PublishedAggregate): PublishedAggregate {
  const d = displayDecimals(track, metric);
  return { value: roundToDigits(aggregate.value, d), n: aggregate.n, ciLow: roundToDigits(aggregate.ciLow, d), ciHigh: roundToDigits(aggregate.ciHigh, d) };
}
