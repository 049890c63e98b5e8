/** One link of the main nav. */
export interface NavItem {
  href: string;
  label: string;
  /** longer name for screen readers and tooltips */
  title?: string;
  /** current on its own path only, not below it (a module's first view, whose other views are below it) */
  exact?: boolean;
}

/** A hosted module's pages as the nav links them (plain data: the header runs in the browser too). */
export interface NavModule {
  id: string;
  title: string;
  /** its views: "" is the module's first page (/benchmarks/<id>), any other id is /benchmarks/<id>/<view> */
  views: { id: string; tab: string; title: string }[];
}

/** The site's pages that are not one benchmark's: shared by every nav. */
const SHARED_ITEMS: readonly NavItem[] = [
  { href: "/queue", label: "Queue", title: "Scoring queue" },
  { href: "/about", label: "About" },
  { href: "/api-docs", label: "API", title: "API documentation" },
];

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/tasks/task1", label: "Task 1", title: "Task 1: memory extraction" },
  { href: "/tasks/task2", label: "Task 2", title: "Task 2: memory update" },
  { href: "/tasks/task3", label: "Task 3", title: "Task 3: memory retrieval among distractors" },
  { href: "/tasks/task4", label: "Task 4", title: "Task 4: memory utilization" },
  { href: "/compare", label: "Compare", title: "Compare up to four systems side by side" },
  { href: "/submit", label: "Submit", title: "Submit predictions for scoring" },
  ...SHARED_ITEMS,
];

/** "/" is current only on "/"; any other item is current on its path and below (/tasks/task3/d100) unless exact. */
export function isCurrentPath(pathname: string, href: string, exact = false): boolean {
  const path = href.split("?")[0]!;
  if (path === "/" || exact) return pathname === path;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The main nav of a page: a module's pages (/benchmarks/<id>/…) link that module's views, its submit form and
 * the shared pages, with a way back to AlpsBench; every other page has AlpsBench's tasks.
 */
export function navItemsFor(pathname: string, modules: readonly NavModule[]): readonly NavItem[] {
  const id = /^\/benchmarks\/([^/?#]+)/.exec(pathname)?.[1];
  const hosted = id ? modules.find((m) => m.id === decodeURIComponent(id)) : undefined;
  if (!hosted) return NAV_ITEMS;
  const base = `/benchmarks/${encodeURIComponent(hosted.id)}`;
  return [
    { href: "/", label: "AlpsBench", title: "Back to the AlpsBench leaderboard" },
    ...hosted.views.map((v) =>
      v.id === "" ? { href: base, label: hosted.title, title: v.title, exact: true } : { href: `${base}/${encodeURIComponent(v.id)}`, label: v.tab, title: v.title },
    ),
    { href: `/submit?benchmark=${encodeURIComponent(hosted.id)}`, label: "Submit", title: `Submit ${hosted.title} predictions for scoring` },
    ...SHARED_ITEMS,
  ];
}
