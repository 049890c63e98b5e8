import { MIN_PAIR_SCORE } from "./min-pair-score";
import type { GoldFate, PredFate } from "./match-fates";

/**
 * One sentence per item fate of a matching explanation (lib/benchmarks/alpsbench/scoring/explain-match.ts). Kept apart from the
 * explainer so that a browser component can word an explanation without bundling the scorer.
 */

/** One sentence on why a gold item was or was not matched, for pages and exports. */
export function describeGoldFate(fate: GoldFate, threshold = MIN_PAIR_SCORE): string {
  switch (fate.kind) {
    case "matched":
      return `matched prediction #${fate.pair.predIndex + 1} (pair score ${fate.pair.score.toFixed(4)} ≥ ${threshold.toFixed(2)}, accepted ${ordinal(fate.rank)})`;
    case "invalid":
      return "not a memory object: counted, never matched";
    case "no_candidates":
      return "missed: no scorable prediction";
    case "below_threshold":
      return `missed: best prediction #${fate.best.predIndex + 1} scores ${fate.best.score.toFixed(4)} < ${threshold.toFixed(2)}`;
    case "taken":
      return `missed: best prediction #${fate.best.predIndex + 1} (${fate.best.score.toFixed(4)}) was matched to gold #${fate.takenBy.goldIndex + 1} first (${fate.takenBy.score.toFixed(4)})`;
  }
}

export function describePredFate(fate: PredFate, threshold = MIN_PAIR_SCORE): string {
  switch (fate.kind) {
    case "matched":
      return `matched gold #${fate.pair.goldIndex + 1} (pair score ${fate.pair.score.toFixed(4)} ≥ ${threshold.toFixed(2)})`;
    case "invalid":
      return "not a memory object: counted as a prediction, never matched";
    case "no_candidates":
      return "extra: no scorable gold item";
    case "below_threshold":
      return `extra: best gold #${fate.best.goldIndex + 1} scores ${fate.best.score.toFixed(4)} < ${threshold.toFixed(2)}`;
    case "taken":
      return `extra: best gold #${fate.best.goldIndex + 1} (${fate.best.score.toFixed(4)}) was matched to prediction #${fate.takenBy.predIndex + 1} first (${fate.takenBy.score.toFixed(4)})`;
  }
}

function ordinal(n: number): string {
  const mod100 = n % 100;
  const suffix = mod100 >= 11 && mod100 <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}
