import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

/**
 * A Prisma client over node-postgres. Columns that must not leave the server by accident are omitted by
 * default: the uploaded file's bytes and API token hashes (gold sits in its own table, InstanceGold).
 * A query that needs one asks for it explicitly with `omit: { fileBytes: false }`.
 */
export function createPrismaClient(databaseUrl?: string) {
  const connectionString = databaseUrl ?? env().DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database).");
  const adapter = new PrismaPg({ connectionString, max: 10 });
  const client = new PrismaClient({
    adapter,
    omit: {
      submission: { fileBytes: true },
      apiToken: { tokenHash: true },
    },
  });
  connectionStrings.set(client, connectionString);
  return client;
}

const connectionStrings = new WeakMap<object, string>();

/**
 * The database a client was created for. The bulk import writes hundreds of megabytes through a plain `pg` client
 * of its own: Prisma's query compiler copies every parameter into WebAssembly, which cost more CPU than the rows.
 */
export function connectionStringOf(db: object): string {
  const url = connectionStrings.get(db);
  if (!url) throw new Error("this database client was not made by createPrismaClient: its connection string is unknown");
  return url;
}

export type Db = ReturnType<typeof createPrismaClient>;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
