/**
 * Which pages the anonymous page cache may answer (lib/page-cache/anonymous-page-cache.ts), and what a cached copy
 * is keyed by. Every key holds the leaderboard version, which triggers bump with any change a public page shows
 * (see the leaderboard_version migrations); some pages add more to it.
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
 * Not listed, and why:
 * - `/runs/<id>`: an upload group's progress, read by its submitter while it is scored;
 * - `/signin*`, `/submit`, `/account`, `/admin`, `/audit`: forms and per-user pages.
 */
export type CachePolicy = { kind: "versioned" } | { kind: "interval"; maxAgeMs: number } | { kind: "submission"; id: string };

export const QUEUE_MAX_AGE_MS = 2_000;

const VERSIONED_PAGES: RegExp[] = [
  /^\/$/,
  /^\/tasks\/[a-z0-9_-]+$/,
  /^\/benchmarks\/[a-z0-9_-]+(?:\/[a-z0-9_-]+)?$/,
  /^\/systems\/[A-Za-z0-9._~-]+$/,
  /^\/(?:compare|about|api-docs|releases)$/,
  /^\/api-docs\/[a-z0-9-]+$/,
  /^\/releases\/[A-Za-z0-9_-]+$/,
];
const SUBMISSION_PAGE = /^\/submissions\/([A-Za-z0-9_-]{1,64})$/;

export function cachePolicyOf(pathname: string): CachePolicy | null {
  if (VERSIONED_PAGES.some((pattern) => pattern.test(pathname))) return { kind: "versioned" };
  if (pathname === "/queue") return { kind: "interval", maxAgeMs: QUEUE_MAX_AGE_MS };
  const submission = SUBMISSION_PAGE.exec(pathname);
  if (submission) return { kind: "submission", id: submission[1]! };
  return null;
}

export function isCacheablePage(pathname: string): boolean {
  return cachePolicyOf(pathname) !== null;
}
