import { bootstrapCI, type BootstrapInterval, type BootstrapOptions } from "@/lib/stats/bootstrap-ci";
import type { MemorySetResult } from "./memory-set-result";

interface PooledRecall {
  matched: number;
  total: number;
  /** matched / total, null when there are no such gold items */
  recall: number | null;
}

interface MemorySetAggregate {
  n: number;
  /** macro means over instances (the official leaderboard's Task 1/2 figures); null when n = 0 */
  precision: number | null;
  recall: number | null;
  f1: number | null;
  algoScore100: number | null;
  /** pooled over all instances: matched direct gold items / all direct gold items (paper Figure 5) */
  direct: PooledRecall;
  indirect: PooledRecall;
  /** bootstrap intervals of the macro means, when a seed was given */
  ci?: { precision: BootstrapInterval; recall: BootstrapInterval; f1: BootstrapInterval; algoScore100: BootstrapInterval };
}

type Scored = Pick<MemorySetResult, "precision" | "recall" | "f1" | "algoScore100" | "directGold" | "directMatched" | "indirectGold" | "indirectMatched">;

/**
 * Leaderboard aggregates for Task 1/2 (SCORING.md step 12 and "Direct vs
 * indirect recall"). Pass one result per instance, with missing prediction
 * rows already scored as empty predictions so they count as zeros.
 */
export function aggregateMemorySet(results: readonly Scored[], bootstrap?: BootstrapOptions): MemorySetAggregate {
  const n = results.length;
  const mean = (pick: (r: Scored) => number): number | null => {
    if (n === 0) return null;
    let s = 0;
    for (const r of results) s += pick(r);
    return s / n;
  };
  let dm = 0;
  let dt = 0;
  let im = 0;
  let it = 0;
  for (const r of results) {
    dm += r.directMatched;
    dt += r.directGold;
    im += r.indirectMatched;
    it += r.indirectGold;
  }
  const out: MemorySetAggregate = {
    n,
    precision: mean((r) => r.precision),
    recall: mean((r) => r.recall),
    f1: mean((r) => r.f1),
    algoScore100: mean((r) => r.algoScore100),
    direct: { matched: dm, total: dt, recall: dt ? dm / dt : null },
    indirect: { matched: im, total: it, recall: it ? im / it : null },
  };
  if (bootstrap) {
    // One seed per metric, derived from the caller's, so intervals do not
    // depend on the order in which metrics are computed.
    const ci = (name: string, pick: (r: Scored) => number) => bootstrapCI(results.map(pick), { ...bootstrap, seed: `${bootstrap.seed}:${name}` });
    out.ci = {
      precision: ci("precision", (r) => r.precision),
      recall: ci("recall", (r) => r.recall),
      f1: ci("f1", (r) => r.f1),
      algoScore100: ci("algoScore100", (r) => r.algoScore100),
    };
  }
  return out;
}
