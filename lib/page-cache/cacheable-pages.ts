/**
 * Which pages the anonymous page cache may answer (lib/page-cache/anonymous-page-cache.ts). A page is listed only
 * when its anonymous HTML is the same for every visitor and changes only with data that bumps the leaderboard
 * version (see the leaderboard_version migrations), so a cached copy is never staler than the database.
 *
 * Listed, for every registered benchmark alike:
 * - `/` and `/tasks/<view>`: the hosted benchmark's boards;
 * - `/benchmarks/<id>` and `/benchmarks/<id>/<view>`: every module benchmark's views (the module's own tables
 *   bump the version too: 20261126160000_module_tables_bump_leaderboard_version);
 * - `/systems/<slug>`: anonymously only public, unhidden submissions and their scores;
 * - `/compare`, `/about`, `/api-docs`: scores, instance counts, or no data at all;
 * - `/releases` and `/releases/<id>`: stored snapshots (a new release bumps the version).
 *
 * Not listed, and why:
 * - `/queue`, `/runs/<id>`, `/submissions/<id>`: they show scoring progress, which changes without a version
 *   bump (a progress tick is not a leaderboard change), and a submission page is its owner's working view;
 * - `/signin*`, `/submit`, `/account`, `/admin`, `/audit`: forms and per-user pages.
 */
const CACHEABLE_PAGES: RegExp[] = [
  /^\/$/,
  /^\/tasks\/[a-z0-9_-]+$/,
  /^\/benchmarks\/[a-z0-9_-]+(?:\/[a-z0-9_-]+)?$/,
  /^\/systems\/[A-Za-z0-9._~-]+$/,
  /^\/(?:compare|about|api-docs|releases)$/,
  /^\/releases\/[A-Za-z0-9_-]+$/,
];

export function isCacheablePage(pathname: string): boolean {
  return CACHEABLE_PAGES.some((pattern) => pattern.test(pathname));
}
