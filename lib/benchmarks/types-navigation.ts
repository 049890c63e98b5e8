/**
 * One link of the main nav as a benchmark declares it (plain data: the header runs in the browser too). `exact`:
 * current on its own path only, not below it (a benchmark's first view, whose other views are below it).
 */
export interface NavLink {
  href: string;
  label: string;
  /** longer name for screen readers and tooltips */
  title?: string;
  exact?: boolean;
}

/** A hosted benchmark's nav as the header draws it: its links, the one at "/" apart (lib/benchmarks/navigation.ts). */
export interface NavBenchmark {
  id: string;
  title: string;
  items: readonly NavLink[];
}
