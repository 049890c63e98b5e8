/**
 * How a test figure published with noise (MetricCell.noised; TEST_FIGURE_NOISE=on) is shown: at the resolution it
 * was rounded to (a step of 0.01 shows 2 decimals, 1 shows none), never more precisely than the column. Printed at
 * the column's 4 decimals, "0.4200" claimed a precision the figure does not have. Pure; the browser loads it.
 */
export function noisedDecimals(cell: { noised?: { step: number | null } | null } | undefined, columnDecimals: number): number {
  const step = cell?.noised?.step;
  if (typeof step !== "number" || !(step > 0)) return columnDecimals;
  return Math.min(columnDecimals, Math.max(0, -Math.round(Math.log10(step))));
}
