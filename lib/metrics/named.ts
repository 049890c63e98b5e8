/**
 * Metrics named once for every benchmark: a benchmark that reports precision, recall, F1 or a mean declares it
 * here by name (`namedMetric("f1", …)`) and gets the same id, label, direction and format as every other; it
 * writes only what the number is computed over. A metric of its own (AlpsBench's algo score, PersonalLLM's win
 * rates) it declares itself, in the same shape (MetricDefinition in lib/benchmarks/types.ts).
 */

/** How a board shows a metric's values: its scale (unit: 0..1, hundred: 0..100, likert5: a 1..5 judge rating, raw: unbounded) and its decimals. */
export type MetricFormat = { scale: "unit" | "hundred" | "likert5" | "raw"; decimals: number };

export const METRIC_FORMATS = {
  unit: { scale: "unit", decimals: 4 },
  hundred: { scale: "hundred", decimals: 2 },
  likert5: { scale: "likert5", decimals: 2 },
  raw: { scale: "raw", decimals: 3 },
} as const satisfies Record<string, MetricFormat>;

type Named = { label: string; direction: "higher" | "lower"; format: MetricFormat };

const NAMED = {
  precision: { label: "Precision", direction: "higher", format: METRIC_FORMATS.unit },
  recall: { label: "Recall", direction: "higher", format: METRIC_FORMATS.unit },
  f1: { label: "F1", direction: "higher", format: METRIC_FORMATS.unit },
  mean: { label: "Mean", direction: "higher", format: METRIC_FORMATS.raw },
} as const satisfies Record<string, Named>;

type MetricName = keyof typeof NAMED;

/**
 * A named metric's declaration. `id` defaults to the name (a benchmark whose id differs, "mean_value", keeps
 * its own); `decimals` where a benchmark's values need other precision than the name's format; `kind`
 * defaults to deterministic. The fields come in the order every declaration of the code base writes them, so
 * a board's JSON is the same whether a column was declared by name or by hand.
 */
export function namedMetric<Kind extends string = "deterministic">(
  name: MetricName,
  declared: { description: string; id?: string; decimals?: number; kind?: Kind },
): { id: string; label: string; description: string; direction: "higher" | "lower"; decimals: number; scale: MetricFormat["scale"]; kind: Kind } {
  const { label, direction, format } = NAMED[name];
  return {
    id: declared.id ?? name,
    label,
    description: declared.description,
    direction,
    decimals: declared.decimals ?? format.decimals,
    scale: format.scale,
    kind: declared.kind ?? ("deterministic" as Kind),
  };
}
