/**
 * What pg-boss needs to run its SQL on someone else's connection (its `db` option): used to put a job insert or a
 * job completion inside the caller's transaction.
 */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** A Prisma interactive transaction (or client) as a SqlExecutor: the statements run in that transaction. */
export function prismaExecutor(tx: { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> }): SqlExecutor {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? [])) }),
  };
}
