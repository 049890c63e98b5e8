import { readTableQuery, serializeTableQuery, TABLE_QUERY_PARAMS } from "@/lib/leaderboard/table-state";
import { learnedPageParams } from "./page-params";

/**
 * Which pages the page cache may answer (lib/page-cache/anonymous-page-cache.ts), what a cached copy is keyed by,
 * and which query parameters are part of its key. Every key holds the leaderboard version, which triggers bump
 * with any change a public page shows (see the leaderboard_version migrations); some pages add more to it.
 *
 * By the leaderboard version alone, for every registered benchmark alike:
 * - `/` and `/tasks/<view>`: the hosted benchmark's boards;
 * - `/benchmarks/<id>` and `/benchmarks/<id>/<view>`: every module benchmark's views (the module's own tables
 *   bump the version too: 20261126160000_module_tables_bump_leaderboard_version);
 * - `/systems/<slug>`: anonymously only public, unhidden submissions and their scores;
 * - `/compare`, `/about`, `/api-docs` and `/api-docs/<group>`: scores, instance counts, or no data at all;
 * - `/releases` and `/releases/<id>`: stored snapshots (a new release bumps the version).
 *
 * `/submissions/<id>`: by the version and the submission's own row (./read-cache-keys.ts), and only while the row
 * is public, unhidden and finished. A private, hidden, deleted or still running submission is rendered per
 * request, so Next's own access check answers (404 to a visitor) and a progress tick is never stale.
 *
 * `/queue`: by the version (a new upload, a status or visibility change) and at most QUEUE_MAX_AGE_MS old, since
 * progress ticks and the "waiting for" durations change without a bump. The page refreshes itself every 5 s.
 *
 * `personal`: what a signed-in viewer may see there beyond a visitor's page, so when that viewer's page must be
 * rendered per request instead (./read-cache-keys.ts decides with one indexed read): `none` (every viewer gets the
 * same page), `system` (their own private or hidden submissions of that system), `queue` (their own private or
 * hidden entries), `submission` (the owner's view). Admins are rendered per request on every `personal` page.
 *
 * Not listed, and why:
 * - `/runs/<id>`: an upload group's progress, read by its submitter while it is scored;
 * - `/signin*`, `/submit`, `/account`, `/admin`, `/audit`: forms and per-user pages.
 */
export type CachePolicy =
  | { kind: "versioned"; personal: "none" | "system" | "queue" }
  | { kind: "interval"; personal: "queue"; maxAgeMs: number }
  | { kind: "submission"; personal: "submission"; id: string };

export const QUEUE_MAX_AGE_MS = 2_000;

/** What a cached page tells HTTP caches (docs/page-cache.md): browsers revalidate (ETag), shared caches keep it briefly. */
export function cacheControlOf(policy: CachePolicy): string {
  const sharedSeconds = policy.kind === "interval" ? Math.max(1, Math.floor(policy.maxAgeMs / 1000)) : 5;
  return `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=30, stale-if-error=86400`;
}

const TABLE_PAGES: RegExp[] = [/^\/$/, /^\/tasks\/[a-z0-9_-]+$/];
const MODULE_PAGE = /^\/benchmarks\/([a-z0-9_-]+)(?:\/[a-z0-9_-]+)?$/;
const PLAIN_PAGES: RegExp[] = [/^\/(?:about|api-docs|releases)$/, /^\/api-docs\/[a-z0-9-]+$/];
const SYSTEM_PAGE = /^\/systems\/[A-Za-z0-9._~-]+$/;
const RELEASE_PAGE = /^\/releases\/[A-Za-z0-9_-]+$/;
const SUBMISSION_PAGE = /^\/submissions\/([A-Za-z0-9_-]{1,64})$/;

/**
 * Each parameter a page reads, as that page reads it: a canonical value, or null (dropped: the page's default). So
 * `?page=01`, `?page=1x` and `?page=1` are one key, and a made-up value that the page would ignore is the bare page.
 * What cannot be checked without the database (a system slug, a release's view name) is bounded by its shape; every
 * miss with a query is charged to the client's `page_render` bucket besides (./anonymous-page-cache.ts).
 */
type Canonical = (value: string) => string | null;
const SLUG = /^[A-Za-z0-9._~-]{1,80}$/;
const NAME = /^[A-Za-z0-9._/:-]{1,80}$/;
/** the largest page number a key holds: beyond it a page shows the last page (or none) alike */
const PAGE_MAX = 100_000;
const shaped =
  (pattern: RegExp, dflt?: string): Canonical =>
  (value) => {
    const v = value.trim();
    return pattern.test(v) && v !== dflt ? v : null;
  };
const oneOf =
  (values: readonly string[]): Canonical =>
  (value) =>
    values.includes(value) ? value : null;
/** `Number.parseInt(v) || 1`, at least 1, as the pages read it; 1 is the default */
const pageNumber: Canonical = (value) => {
  const n = Math.min(Math.max(1, Number.parseInt(value, 10) || 1), PAGE_MAX);
  return n === 1 ? null : String(n);
};
const SPLITS = TABLE_QUERY_PARAMS.split.values;

/** the parameters /compare reads (app/(alpsbench)/compare/page.tsx): the systems and the scope */
const COMPARE_PARAMS: Record<string, Canonical> = {
  a: shaped(SLUG),
  b: shaped(SLUG),
  c: shaped(SLUG),
  d: shaped(SLUG),
  benchmark: shaped(TABLE_QUERY_PARAMS.benchmark.pattern),
  split: oneOf(SPLITS),
};
/** what a submission page reads: a one-call upload's item table (items_*) and a benchmark's own instance results */
const SUBMISSION_PARAMS: Record<string, Canonical> = {
  items_page: pageNumber,
  items_sort: shaped(SLUG, "item"),
  items_dir: oneOf(["desc"]),
  split: oneOf(SPLITS),
  track: shaped(SLUG),
  page: pageNumber,
  misses: oneOf(["1"]),
  // the page reads its first 200 characters (also charged to the `search` bucket: lib/security/rate-limit.ts)
  q: (value) => value.trim().slice(0, 200) || null,
};
const RELEASE_PARAMS: Record<string, Canonical> = { view: shaped(NAME) };

export function cachePolicyOf(pathname: string): CachePolicy | null {
  if ([...TABLE_PAGES, MODULE_PAGE, ...PLAIN_PAGES, RELEASE_PAGE].some((pattern) => pattern.test(pathname)) || pathname === "/compare") {
    return { kind: "versioned", personal: "none" };
  }
  if (SYSTEM_PAGE.test(pathname)) return { kind: "versioned", personal: "system" };
  if (pathname === "/queue") return { kind: "interval", personal: "queue", maxAgeMs: QUEUE_MAX_AGE_MS };
  const submission = SUBMISSION_PAGE.exec(pathname);
  if (submission) return { kind: "submission", personal: "submission", id: submission[1]! };
  return null;
}

export function isCacheablePage(pathname: string): boolean {
  return cachePolicyOf(pathname) !== null;
}

/** filters whose order does not matter to the page: one key for `org=A,B` and `org=B,A` */
const SET_PARAMS = ["kind", "tier", "org", "license"] as const;

/** A board's table query as the table's own parser reads it, with its filter lists in one order. */
function tableSearch(search: URLSearchParams): string {
  const query = readTableQuery(search);
  for (const name of SET_PARAMS) query[name] = [...query[name]].sort() as never;
  return serializeTableQuery(query);
}

/** Only the parameters in `names`, sorted by name (each name's values in their order), as a query string. */
function keep(search: URLSearchParams, names: readonly string[]): string {
  const kept = [...search].filter(([name]) => names.includes(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The first value of each parameter the page reads, canonicalised (./cacheable-pages.ts `Canonical`), sorted by name. */
function canonicalised(search: URLSearchParams, params: Record<string, Canonical>): string {
  const kept: [string, string][] = [];
  for (const name of Object.keys(params).sort()) {
    const first = search.get(name);
    const value = first === null ? null : params[name]!(first);
    if (value !== null) kept.push([name, value]);
  }
  return new URLSearchParams(kept).toString();
}

/**
 * The query string a cached copy of this page is keyed and rendered by: the parameters the page reads, in one
 * order, and nothing else, so `?x=<random>` is the bare page (a hit) and cannot add entries to the store. A board's
 * table query is canonicalised by the table's own parser (an invalid value is its default there too). Null when
 * the page cannot tell yet which parameters it reads (a module page whose settings no render has declared in
 * this process: ./page-params.ts): it is rendered per request then, never keyed by a guess.
 */
export function canonicalSearch(pathname: string, search: URLSearchParams): string | null {
  if (TABLE_PAGES.some((pattern) => pattern.test(pathname))) return tableSearch(search);
  if (MODULE_PAGE.test(pathname)) {
    const table = Object.keys(TABLE_QUERY_PARAMS);
    const settings = learnedPageParams(pathname);
    // `_rsc` is Next's cache-buster of a client navigation, never a setting: without an RSC header the page is HTML
    if (!settings && [...search.keys()].some((name) => !table.includes(name) && name !== "_rsc")) return null;
    const rest = keep(search, settings ?? []);
    const tableQuery = tableSearch(search);
    return [tableQuery, rest].filter((part) => part !== "").join("&");
  }
  if (pathname === "/compare") return canonicalised(search, COMPARE_PARAMS);
  if (RELEASE_PAGE.test(pathname)) return canonicalised(search, RELEASE_PARAMS);
  if (SUBMISSION_PAGE.test(pathname)) return canonicalised(search, SUBMISSION_PARAMS);
  return "";
}
