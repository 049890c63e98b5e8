import type { Db } from "@/lib/db/create-client";

/** A page fetched from the e2e server as a visitor (or with the given headers): its status, page-cache verdict and HTML. */
export async function getPage(baseUrl: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, { headers });
  return { status: response.status, cache: response.headers.get("x-page-cache"), html: await response.text() };
}

const leaderboardVersion = async (db: Db) => (await db.leaderboardVersion.findUniqueOrThrow({ where: { id: 1 } })).version;

/**
 * `requests` (a page asked for twice, say) made while the leaderboard version stayed put, so that a miss on the
 * second ask is the cache's fault. The worker may still be finishing an earlier file's upload, and every change it
 * writes bumps the version: a new key, so a new render. That failed these checks when the e2e files ran back to
 * back in one process. Tried up to 5 times; `attempt` (0 to 4) lets a check that needs a page's first ask use a
 * page of its own each time.
 */
export async function atOneLeaderboardVersion<T>(db: Db, requests: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await leaderboardVersion(db);
    const answers = await requests(attempt);
    if ((await leaderboardVersion(db)) === before) return answers;
  }
  throw new Error("the leaderboard version moved during each of 5 attempts");
}

/** A page asked for twice by a visitor at one leaderboard version: the second answer should be a hit. */
export const askedTwice = (baseUrl: string, db: Db, url: string) =>
  atOneLeaderboardVersion(db, async () => [await getPage(baseUrl, url), await getPage(baseUrl, url)] as const);
