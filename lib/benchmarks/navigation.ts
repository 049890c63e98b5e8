import { hostedBenchmarks, ROOT_BENCHMARK } from "./index";
import type { Benchmark } from "./types";
import type { NavBenchmark, NavLink } from "./types-navigation";

/**
 * The nav links of a benchmark's pages: the ones it declares (`navigation`), else its views at
 * /benchmarks/<id>[/<view>] (the first one current on itself only) and its submit form.
 */
function benchmarkNavigation(benchmark: Benchmark): readonly NavLink[] {
  if (benchmark.navigation) return benchmark.navigation;
  const base = `/benchmarks/${encodeURIComponent(benchmark.id)}`;
  return [
    ...benchmark.views.map((v) =>
      v.id === ""
        ? { href: base, label: benchmark.title, title: v.title, exact: true }
        : { href: `${base}/${encodeURIComponent(v.id)}`, label: v.tab ?? v.title, title: v.title },
    ),
    { href: `/submit?benchmark=${encodeURIComponent(benchmark.id)}`, label: "Submit", title: `Submit ${benchmark.title} predictions for scoring` },
  ];
}

/** Every hosted benchmark's nav, the one at "/" (whose nav every page outside /benchmarks/<id> shows) apart. */
export function siteNavigation(): { root: NavBenchmark; others: NavBenchmark[] } {
  const nav = (b: Benchmark): NavBenchmark => ({ id: b.id, title: b.title, items: benchmarkNavigation(b) });
  return {
    root: nav(ROOT_BENCHMARK),
    others: hostedBenchmarks()
      .filter((b) => b !== ROOT_BENCHMARK)
      .map(nav),
  };
}
