/**
 * `benchmark=alpsbench` (the benchmark's id, as every other benchmark is named) means its default data version: the
 * table query knows AlpsBench's data versions (alpsbench-v1, demo) only, where it would answer 400.
 */
export function withDefaultDataVersion(search: URLSearchParams): URLSearchParams {
  if (search.get("benchmark") !== "alpsbench") return search;
  const copy = new URLSearchParams(search);
  copy.delete("benchmark");
  return copy;
}
