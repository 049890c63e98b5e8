import type { PackFigure } from "@/lib/packs/manifest";
import type { VerifyLine } from "@/lib/packs/pack-url";
import type { AggregateMetric } from "@/lib/benchmarks/alpsbench/pipeline/score-track";

const text = (v: number | null | undefined) => (v === null || v === undefined ? "null" : String(v));
const show = (value: number | null | undefined, low: number | null | undefined, high: number | null | undefined, n: number | null | undefined) =>
  `${text(value)} [${text(low)}, ${text(high)}] n=${text(n)}`;

export const figureLabel = (f: PackFigure) => `${f.track} ${f.scope} ${f.metric}${f.kind === "judge" ? " (judge)" : ""}`;

/** A stored figure beside its recomputation: equal to the last digit (value, both CI bounds and n) or a mismatch. */
export function compareFigure(f: PackFigure, recomputed: AggregateMetric | undefined, how: string): VerifyLine {
  const published = show(f.value, f.ci_low, f.ci_high, f.n);
  if (!recomputed) return { status: "mismatch", label: figureLabel(f), published, recomputed: "absent", note: how };
  const same = f.value === recomputed.value && f.ci_low === recomputed.ciLow && f.ci_high === recomputed.ciHigh && f.n === recomputed.n;
  return {
    status: same ? "match" : "mismatch",
    label: figureLabel(f),
    published,
    recomputed: show(recomputed.value, recomputed.ciLow, recomputed.ciHigh, recomputed.n),
    note: how,
  };
}
