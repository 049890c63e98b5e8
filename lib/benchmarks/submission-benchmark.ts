import { benchmarkOfDataVersion } from "./index";
import { isPipelineBenchmark, type PipelineBenchmark } from "./types";

/**
 * The pipeline benchmark an upload's data version belongs to (its page and per-instance reads dispatch to its
 * hooks); null for a module's upload (the platform scores and shows those itself).
 */
export function pipelineOfDataVersion(slug: string): PipelineBenchmark | null {
  const owner = benchmarkOfDataVersion(slug);
  return isPipelineBenchmark(owner) ? owner : null;
}

/** What pages call a data version: the title its benchmark gives it, the benchmark's title for its own, else the slug. */
export function dataVersionTitle(slug: string): string {
  const owner = benchmarkOfDataVersion(slug);
  if (!isPipelineBenchmark(owner)) return owner.title;
  return owner.pipeline.dataVersionTitles?.[slug] ?? (owner.pipeline.dataVersions.includes(slug) ? owner.title : slug);
}
