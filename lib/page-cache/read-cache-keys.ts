import { LRUCache } from "lru-cache";
import pg from "pg";
import { env } from "@/lib/env";

/**
 * What the page cache keys a page by, and who is asking, read on every cacheable request
 * (lib/page-cache/anonymous-page-cache.ts). A plain pg pool of two connections rather than the Prisma client: the
 * proxy is bundled on its own, and these indexed reads are all it needs. Each read throws DatabaseUnavailable
 * when PostgreSQL cannot answer (the caller serves a stale copy or 503); connecting gives up after 2 s.
 */
let pool: pg.Pool | undefined;

export class DatabaseUnavailable extends Error {}

function connection(): pg.Pool | null {
  const url = env().DATABASE_URL;
  if (!url) return null;
  pool ??= new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2_000, query_timeout: 5_000 });
  // an idle connection the server dropped (a restart) is an error event, not a crash
  if (pool.listenerCount("error") === 0) pool.on("error", () => {});
  return pool;
}

let downUntil = 0;
/** how long a failed read marks the database down for everyone (no request waits for a timeout meanwhile) */
const DOWN_FOR_MS = 1_000;

/**
 * `name`: a prepared statement, parsed and planned once per connection (every read on a page's hit path has one).
 * The submission key's query names every column: parsed and planned per request it took PostgreSQL ~0.6 ms of CPU
 * (pgbench, 8 clients: 3,192 per second against 15,322 prepared), and a finished submission page's hit was served
 * at half the rate of a board's.
 */
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = [], name?: string): Promise<T[] | null> {
  const db = connection();
  if (!db) return null;
  if (Date.now() < downUntil) throw new DatabaseUnavailable("PostgreSQL did not answer a moment ago");
  try {
    return (await db.query<T>(name ? { name, text: sql, values } : { text: sql, values })).rows;
  } catch (error) {
    downUntil = Date.now() + DOWN_FOR_MS;
    throw new DatabaseUnavailable("PostgreSQL did not answer", { cause: error });
  }
}

/** Whether PostgreSQL answers now (one `SELECT 1` at most per DOWN_FOR_MS for all callers): the proxy's 503. */
let probe: { at: number; up: Promise<boolean> } | undefined;
export function databaseAnswers(): Promise<boolean> {
  if (!connection()) return Promise.resolve(true);
  if (Date.now() < downUntil) return Promise.resolve(false);
  if (!probe || Date.now() - probe.at > DOWN_FOR_MS) {
    probe = {
      at: Date.now(),
      up: query("SELECT 1").then(
        () => true,
        () => false,
      ),
    };
  }
  return probe.up;
}

/** The leaderboard version (see the leaderboard_version migration); null without a database or a version row. */
export async function readLeaderboardVersion(): Promise<string | null> {
  const rows = await query<{ version: string }>('SELECT "version"::text AS version FROM "LeaderboardVersion" WHERE "id" = 1', [], "page-cache-version");
  return rows?.[0]?.version ?? null;
}

type CacheViewer = { id: string; role: "user" | "admin" };

/**
 * Sessions read in the last second, by token. Safe to serve a second old: the viewer only decides between the shared
 * copy and a render per request, and a render checks the session itself, so a signed-out or demoted session kept here
 * can cost a render, never show what its user may no longer see. A signed-in researcher's page views then cost the
 * version read alone, as a visitor's do (scripts/bench/README.md, `pages.ts --visitors`).
 */
const sessions = new LRUCache<string, { viewer: CacheViewer | null }>({ max: 10_000, ttl: 1_000 });

/**
 * The user a session cookie names (a live Session row: the token is its unique key), or null for a made-up,
 * expired or signed-out one: a bogus cookie costs one indexed read, never a render.
 */
export async function readSessionViewer(sessionToken: string): Promise<CacheViewer | null> {
  const known = sessions.get(sessionToken);
  if (known) return known.viewer;
  const rows = await query<{ id: string; role: string }>(
    `SELECT u."id", u."role"::text AS role FROM "Session" s JOIN "User" u ON u."id" = s."userId"
     WHERE s."sessionToken" = $1 AND s."expires" > now()`,
    [sessionToken],
    "page-cache-session",
  );
  const row = rows?.[0];
  const viewer: CacheViewer | null = row ? { id: row.id, role: row.role === "admin" ? "admin" : "user" } : null;
  // only live sessions: a made-up token each request would only fill the store
  if (viewer) sessions.set(sessionToken, { viewer });
  return viewer;
}

/**
 * Whether a signed-in user's page differs from a visitor's (cacheable-pages.ts `personal`): they own the system
 * `slug` or a submission of it (`system`), or own a private or hidden submission the queue would list (`queue`).
 */
export async function seesMoreThanVisitors(viewer: CacheViewer, personal: "system" | "queue", slug: string): Promise<boolean> {
  if (personal === "system") {
    const rows = await query<{ yes: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "System" y WHERE y."slug" = $1 AND (y."ownerId" = $2 OR EXISTS (
         SELECT 1 FROM "Submission" s WHERE s."systemId" = y."id" AND s."ownerId" = $2))) AS yes`,
      [slug, viewer.id],
      "page-cache-sees-more-system",
    );
    return rows?.[0]?.yes ?? true;
  }
  const rows = await query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "Submission" s WHERE s."ownerId" = $1 AND (s."visibility" = 'private' OR s."hiddenAt" IS NOT NULL)) AS yes`,
    [viewer.id],
    "page-cache-sees-more-queue",
  );
  return rows?.[0]?.yes ?? true;
}

/**
 * A submission page's key: the leaderboard version and a digest of the submission's whole row (every column but
 * the stored files), so a change to anything the page shows (status, visibility, hiding, flags, failure, notes,
 * progress; a benchmark's own 1:1 tables of it bump the leaderboard version instead) is a new key, including columns added later; with its owner, whose view differs.
 * Null when the page must be rendered per request: the submission is missing (deleted: Next answers 404),
 * private, hidden, or not finished yet.
 */
type SubmissionKey = { version: string; digest: string; ownerId: string | null };

let digestSql: string | undefined;

/** The digest query, written once from the table's columns (bytea ones left out: megabytes, and never on the page). */
async function submissionDigestSql(): Promise<string> {
  if (digestSql) return digestSql;
  const columns = await query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'Submission' AND data_type <> 'bytea' ORDER BY ordinal_position`,
  );
  if (!columns || columns.length === 0) throw new DatabaseUnavailable("the Submission table has no columns");
  const row = columns.map(({ name }) => `s."${name.replaceAll('"', '""')}"`).join(", ");
  digestSql = `SELECT (SELECT "version"::text FROM "LeaderboardVersion" WHERE "id" = 1) AS version,
            md5(ROW(${row})::text) AS digest, s."ownerId" AS "ownerId",
            (s."visibility" = 'public' AND s."hiddenAt" IS NULL AND s."status" IN ('done', 'failed')) AS cacheable
          FROM "Submission" s WHERE s."id" = $1`;
  return digestSql;
}

export async function readSubmissionKey(id: string): Promise<SubmissionKey | null> {
  if (!connection()) return null;
  const rows = await query<{ version: string | null; digest: string; ownerId: string | null; cacheable: boolean }>(
    await submissionDigestSql(),
    [id],
    "page-cache-submission-key",
  );
  const row = rows?.[0];
  if (!row?.cacheable || row.version === null) return null;
  return { version: row.version, digest: row.digest, ownerId: row.ownerId };
}
