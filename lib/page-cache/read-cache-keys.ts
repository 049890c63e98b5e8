import pg from "pg";
import { env } from "@/lib/env";

/**
 * What the page cache keys a page by, read on every cacheable request (lib/page-cache/anonymous-page-cache.ts).
 * A plain pg pool of two connections rather than the Prisma client: the proxy is bundled on its own, and these
 * primary-key reads are all it needs. Null when there is no database URL or a read fails: the caller then renders
 * without the cache rather than risk a stale page.
 */
let pool: pg.Pool | undefined;

function connection(): pg.Pool | null {
  const url = env().DATABASE_URL;
  if (!url) return null;
  pool ??= new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 });
  return pool;
}

/** The leaderboard version (see the leaderboard_version migration). */
export async function readLeaderboardVersion(): Promise<string | null> {
  const db = connection();
  if (!db) return null;
  try {
    const result = await db.query<{ version: string }>('SELECT "version"::text AS version FROM "LeaderboardVersion" WHERE "id" = 1');
    return result.rows[0]?.version ?? null;
  } catch {
    return null;
  }
}

/**
 * A submission page's key: the leaderboard version and a digest of the submission's whole row (every column but
 * the stored files), so a change to anything the page shows (status, visibility, hiding, flags, contamination,
 * failure, notes, progress) is a new key, including columns added later. Null when the page must be rendered per
 * request: the submission is missing (deleted: Next answers 404), private, hidden, or not finished yet.
 */
type SubmissionKey = { version: string; digest: string };

let digestSql: Promise<string> | undefined;

/** The digest query, written once from the table's columns (bytea ones left out: megabytes, and never on the page). */
async function submissionDigestSql(db: pg.Pool): Promise<string> {
  const columns = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'Submission' AND data_type <> 'bytea' ORDER BY ordinal_position`,
  );
  if (columns.rows.length === 0) throw new Error("the Submission table has no columns");
  const row = columns.rows.map(({ name }) => `s."${name.replaceAll('"', '""')}"`).join(", ");
  return `SELECT (SELECT "version"::text FROM "LeaderboardVersion" WHERE "id" = 1) AS version,
            md5(ROW(${row})::text) AS digest,
            (s."visibility" = 'public' AND s."hiddenAt" IS NULL AND s."status" IN ('done', 'failed')) AS cacheable
          FROM "Submission" s WHERE s."id" = $1`;
}

export async function readSubmissionKey(id: string): Promise<SubmissionKey | null> {
  const db = connection();
  if (!db) return null;
  try {
    digestSql ??= submissionDigestSql(db).catch((error: unknown) => {
      digestSql = undefined;
      throw error;
    });
    const result = await db.query<{ version: string | null; digest: string; cacheable: boolean }>(await digestSql, [id]);
    const row = result.rows[0];
    if (!row?.cacheable || row.version === null) return null;
    return { version: row.version, digest: row.digest };
  } catch {
    return null;
  }
}
