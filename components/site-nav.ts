import type { NavBenchmark, NavLink } from "@/lib/benchmarks/types-navigation";

/** One link of the main nav. */
type NavItem = NavLink;

/** The site's pages that are not one benchmark's: shared by every nav. */
const SHARED_ITEMS: readonly NavItem[] = [
  { href: "/queue", label: "Queue", title: "Scoring queue" },
  { href: "/about", label: "About" },
  { href: "/api-docs", label: "API", title: "API documentation" },
];

/** "/" is current only on "/"; any other item is current on its path and below (/benchmarks/x/y) unless exact. */
export function isCurrentPath(pathname: string, href: string, exact = false): boolean {
  const path = href.split("?")[0]!;
  if (path === "/" || exact) return pathname === path;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The main nav of a page: a hosted benchmark's pages (/benchmarks/<id>/…) show the links that benchmark declares
 * (lib/benchmarks/navigation.ts), with a way back to the benchmark at "/", then the shared pages; every other page
 * shows the links of the benchmark at "/". Names no benchmark: every link comes from the declarations.
 */
export function navItemsFor(pathname: string, root: NavBenchmark, others: readonly NavBenchmark[]): readonly NavItem[] {
  const id = /^\/benchmarks\/([^/?#]+)/.exec(pathname)?.[1];
  const hosted = id ? others.find((b) => b.id === decodeURIComponent(id)) : undefined;
  if (!hosted) return [...root.items, ...SHARED_ITEMS];
  return [{ href: "/", label: root.title, title: `Back to the ${root.title} leaderboard` }, ...hosted.items, ...SHARED_ITEMS];
}
