import { pythonStr } from "./python-repr";

/** Label text as the authors read it: None/missing → "", other non-strings → Python str(). */
export function labelText(label: unknown): string {
  if (label === null || label === undefined) return "";
  return pythonStr(label);
}

export function labelParts(label: unknown): string[] {
  return labelText(label)
    .split("/")
    .filter((p) => p.length > 0);
}

/**
 * Label similarity (SCORING.md step 2) of two labels' parts (labelParts): labels are taxonomy paths, so two
 * labels agree as far as their leading parts agree: 2·LCP / (|a| + |b|),
 * 0 when either has no parts. Parts are compared exactly (no normalisation),
 * as the authors do.
 */
export function labelSimilarityOfParts(pa: readonly string[], pb: readonly string[]): number {
  if (pa.length === 0 || pb.length === 0) return 0.0;
  let lcp = 0;
  const n = Math.min(pa.length, pb.length);
  while (lcp < n && pa[lcp] === pb[lcp]) lcp++;
  return (2.0 * lcp) / (pa.length + pb.length);
}
