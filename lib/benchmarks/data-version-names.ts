import { ALPSBENCH_DATA_VERSIONS, ALPSBENCH_ID } from "./alpsbench/data-versions";

/**
 * The table query's `benchmark` parameter (the data scope of the boards of the benchmark at "/") in a module the
 * browser can load: the registry (index.ts) imports every benchmark's server code, and the table query runs in the
 * browser too. It names the benchmark at "/" only (the registry picks it by its `home`, and
 * lib/benchmarks/data-version.test.ts checks the two agree); registering a benchmark changes nothing here.
 */
const ROOT = { id: ALPSBENCH_ID, dataVersions: ALPSBENCH_DATA_VERSIONS };

/** The data version a table shows when the URL names none: the default of the benchmark at "/". */
export const DEFAULT_DATA_VERSION: string = ROOT.dataVersions[0];

/** The id of the benchmark at "/" is its default data version; any other name is itself. */
export function dataVersionAlias(name: string): string {
  return name === ROOT.id ? DEFAULT_DATA_VERSION : name;
}
