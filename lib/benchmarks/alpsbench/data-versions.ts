/**
 * AlpsBench's data versions (BenchmarkVersion slugs), the default first, and what pages call each. Pure and
 * dependency-free: the browser's table query reads the default through lib/benchmarks/data-version-names.ts,
 * and the declaration (index.ts) hands the same values to the registry.
 */
export const ALPSBENCH_ID = "alpsbench";
export const ALPSBENCH_DATA_VERSIONS = ["alpsbench-v1", "demo"] as const;
export const ALPSBENCH_DATA_VERSION_LABELS: Readonly<Record<(typeof ALPSBENCH_DATA_VERSIONS)[number], string>> = {
  "alpsbench-v1": "AlpsBench",
  demo: "Demo (synthetic)",
};
