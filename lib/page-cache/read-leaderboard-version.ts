import pg from "pg";
import { env } from "@/lib/env";

/**
 * The database's leaderboard version (see the leaderboard_version migration), read by the page cache in the
 * proxy. A plain pg pool of two connections rather than the Prisma client: the proxy is bundled on its own, and
 * this one primary-key read is all it needs. Null when there is no database URL or the read fails: the caller
 * then renders without the cache rather than risk a stale page.
 */
let pool: pg.Pool | undefined;

export async function readLeaderboardVersion(): Promise<string | null> {
  const url = env().DATABASE_URL;
  if (!url) return null;
  pool ??= new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 });
  try {
    const result = await pool.query<{ version: string }>('SELECT "version"::text AS version FROM "LeaderboardVersion" WHERE "id" = 1');
    return result.rows[0]?.version ?? null;
  } catch {
    return null;
  }
}
