import pg from "pg";

/**
 * A comparable description of a database's public schema: tables and columns, enums, indexes and
 * constraints, sorted. Two databases with equal snapshots have the same shape.
 */
export async function catalogSnapshot(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (sql: string) => (await client.query<{ line: string }>(sql)).rows.map((r) => r.line).sort();
    return {
      columns: await q(`SELECT table_name || '.' || column_name || ' ' || udt_name || ' null=' || is_nullable || ' default=' || coalesce(column_default, '') AS line
                        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      enums: await q(`SELECT t.typname || ': ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS line
                      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
                      WHERE n.nspname = 'public' GROUP BY t.typname`),
      // the trigram search indexes (migration 20261128110100) are raw SQL the Prisma schema cannot express: left out
      indexes: await q(
        `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' AND indexname NOT LIKE '%\\_trgm\\_idx'`,
      ),
      constraints: await q(`SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
                            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
                            WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'`),
    };
  } finally {
    await client.end();
  }
}
