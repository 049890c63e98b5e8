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
  return new PrismaClient({
    adapter,
    omit: {
      submission: { fileBytes: true },
      apiToken: { tokenHash: true },
    },
  });
}

export type Db = ReturnType<typeof createPrismaClient>;
