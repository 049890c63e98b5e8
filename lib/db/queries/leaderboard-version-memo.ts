import type { Db } from "@/lib/db/create-client";

/**
 * Public read models (leaderboards, site stats) memoised in process, keyed by the database's leaderboard
 * version: a row that triggers bump in the same transaction as any change a public page can show (see the
 * `leaderboard_version` migration). Every call costs one primary-key read of that row; a changed version
 * recomputes, so a new score, a hidden submission or a renamed system shows on the very next request, from any
 * writer (web, worker, CLI). No time-based expiry, nothing to invalidate by hand.
 *
 * The version is read BEFORE the data: the data is then at least as new as the version it is cached under (at
 * worst a newer result under an older version, recomputed on the next request). Concurrent callers of the same
 * key and version share one computation.
 */
type Entry = { version: bigint; value: Promise<unknown> };

/**
 * Entries kept per space. Spaces keep apart read models of different reach: per-submission answers (breakdowns),
 * one per page a crawler walks, must not evict the boards every visitor reads.
 */
const MAX_ENTRIES = 256;
const memos = new WeakMap<Db, Map<string, Map<string, Entry>>>();

export async function leaderboardVersion(db: Db): Promise<bigint> {
  const row = await db.leaderboardVersion.findUnique({ where: { id: 1 }, select: { version: true } });
  // A database migrated without the row (never in practice) must not cache forever: -1 disables the memo.
  return row?.version ?? -1n;
}

export async function memoByLeaderboardVersion<T>(db: Db, key: string, compute: () => Promise<T>, space = "boards"): Promise<T> {
  const version = await leaderboardVersion(db);
  if (version < 0n) return compute();
  let spaces = memos.get(db);
  if (!spaces) memos.set(db, (spaces = new Map()));
  const memo = spaces.get(space) ?? new Map<string, Entry>();
  spaces.set(space, memo);
  const hit = memo.get(key);
  if (hit && hit.version === version) {
    // Re-insert: Map keeps insertion order, so the oldest-used key is evicted first.
    memo.delete(key);
    memo.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  memo.set(key, { version, value });
  // A failed computation is not kept: the next request retries.
  value.catch(() => {
    if (memo.get(key)?.value === value) memo.delete(key);
  });
  while (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  return value;
}
