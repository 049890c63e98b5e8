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
