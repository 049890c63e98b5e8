import type { Db } from "@/lib/db/create-client";
import { memoByLeaderboardVersion } from "./leaderboard-version-memo";

/** The overview's counts, memoised like the leaderboards (every input bumps the leaderboard version). */
export async function getSiteStats(db: Db, benchmark: string) {
  return memoByLeaderboardVersion(db, `stats|${benchmark}`, () => countSiteStats(db, benchmark));
}

async function countSiteStats(db: Db, benchmark: string) {
  const visible = { status: "done" as const, visibility: "public" as const, hiddenAt: null, benchmarkVersion: { slug: benchmark } };
  const [systems, submissions, instances] = await Promise.all([
    db.system.count({ where: { submissions: { some: visible } } }),
    db.submission.count({ where: visible }),
    db.instance.count({ where: { benchmarkVersion: { slug: benchmark } } }),
  ]);
  return { systems, submissions, instances };
}

/** Instances per track and split, for the data page ("what is in this benchmark"). */
export async function getInstanceCounts(db: Db, benchmark: string) {
  const groups = await db.instance.groupBy({
    by: ["trackId", "split"],
    where: { benchmarkVersion: { slug: benchmark } },
    _count: { _all: true },
    orderBy: [{ trackId: "asc" }, { split: "asc" }],
  });
  return groups.map((g) => ({ track: g.trackId, split: g.split, count: g._count._all }));
}
