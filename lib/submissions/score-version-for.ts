import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";

/**
 * The score version an upload is scored under on this release: its benchmark's own (AlpsBench's SCORER_VERSION),
 * else its one-call track's (`<benchmark>/<track>@<version>`, hosted-capabilities.ts `scoreVersion`). Creation stores it and queues the job with it, the worker refuses jobs
 * of another version, and `rescore --all` re-queues exactly the done uploads whose stored version differs from it.
 */
export function scoreVersionFor(submission: { benchmark: string; tracks: readonly string[] }): string {
  return capabilitiesOf(benchmarkOfDataVersion(submission.benchmark)).scoreVersion(submission.tracks);
}
