import { ALPSBENCH_DATA_VERSIONS, ALPSBENCH_ID } from "./alpsbench/data-versions";

/**
 * The names a table query's `benchmark` parameter resolves, in a module the browser can load: the registry
 * (index.ts) imports every benchmark's server code, and the table query runs in the browser too. The default data
 * version is the first of the benchmark at "/"; a built-in pipeline benchmark's id names its default data
 * version. The registry says the same on the server (ROOT_BENCHMARK, dataVersionOf);
 * lib/benchmarks/data-version.test.ts checks that the two agree.
 */
const BUILT_IN_PIPELINES: readonly { id: string; dataVersions: readonly [string, ...string[]] }[] = [{ id: ALPSBENCH_ID, dataVersions: ALPSBENCH_DATA_VERSIONS }];

/** The data version a table shows when the URL names none: the default of the benchmark at "/". */
export const DEFAULT_DATA_VERSION: string = BUILT_IN_PIPELINES[0]!.dataVersions[0];

const ALIASES = new Map(BUILT_IN_PIPELINES.map((p) => [p.id, p.dataVersions[0]]));

/** A pipeline benchmark's id is its default data version; any other name is itself. */
export function dataVersionAlias(name: string): string {
  return ALIASES.get(name) ?? name;
}
