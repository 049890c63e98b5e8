import { rowsBySplit } from "@/lib/benchmarks/alpsbench/contamination/contamination-check";
import { predictedSkeletons } from "@/lib/benchmarks/alpsbench/contamination/predicted-values";

/** The rows' predicted skeletons per split, as recordContamination computes them ("" for rows of no known split, or every row without `splitOf`). */
export function skeletonsBySplit(rows: Iterable<unknown>, splitOf?: (benchmarkId: string) => string | undefined): Map<string, Map<string, boolean>> {
  return new Map([...rowsBySplit(rows, splitOf)].map(([split, part]) => [split, predictedSkeletons(part)]));
}
