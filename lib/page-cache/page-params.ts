/**
 * The query parameters of a module benchmark's page beyond the table query: its settings (LoadedView.attributeKeys),
 * which only a render knows. app/benchmarks/_components/benchmark-page.tsx declares them here when it renders a
 * view, and the page cache (./cacheable-pages.ts) keys that page by them and drops every other parameter.
 *
 * On globalThis under a registered symbol: proxy.ts is bundled apart from the pages, so each bundle has its own
 * copy of this module, but both run in the one server process and share globalThis.
 */
const KEY = Symbol.for("alpsbench.page-cache.page-params");
const store: Map<string, readonly string[]> = ((globalThis as { [KEY]?: Map<string, readonly string[]> })[KEY] ??= new Map());

/** Called by a module page's render: the settings parameters this path reads. */
export function declarePageParams(pathname: string, names: readonly string[]): void {
  if (store.get(pathname)?.join(",") !== names.join(",")) store.set(pathname, [...names]);
}

/** The settings parameters a render of this path declared, or null when none has rendered in this process yet. */
export function learnedPageParams(pathname: string): readonly string[] | null {
  return store.get(pathname) ?? null;
}
