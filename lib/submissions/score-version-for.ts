import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { moduleScoreVersion, moduleTrackId } from "@/lib/benchmarks/module-rows";
import { isPipelineBenchmark } from "@/lib/benchmarks/types";

/**
 * The score version an upload is scored under on this release: its module track's own version
 * (`<benchmark>/<track>@<version>`) for an upload to a registered benchmark module, else its pipeline
 * benchmark's (AlpsBench's SCORER_VERSION). Creation stores it and queues the job with it, the worker refuses jobs
 * of another version, and `rescore --all` re-queues exactly the done uploads whose stored version differs from it.
 */
export function scoreVersionFor(submission: { benchmark: string; tracks: readonly string[] }): string {
  const hosted = benchmarkOfDataVersion(submission.benchmark);
  if (isPipelineBenchmark(hosted)) return hosted.pipeline.scoreVersion;
  const trackId = submission.tracks[0] === undefined ? null : moduleTrackId(hosted, submission.tracks[0]);
  const track = trackId === null ? null : hosted.tracks.find((t) => t.id === trackId);
  // a track the module no longer declares: the worker fails the upload as ours; the version only has to be stable
  return track ? moduleScoreVersion(hosted, track) : `${hosted.id}/unknown`;
}
