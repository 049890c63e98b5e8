import "server-only";
import { createPrismaClient, type Db } from "./create-client";

/**
 * The web tier's Prisma client, memoised on globalThis so Next's dev reloads do not open a pool per reload.
 * Scripts and tests call createPrismaClient directly (they must not import "server-only").
 */
const globalForDb = globalThis as unknown as { alpsbenchDb?: Db };

export function db(): Db {
  globalForDb.alpsbenchDb ??= createPrismaClient();
  return globalForDb.alpsbenchDb;
}
