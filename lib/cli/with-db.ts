import { z } from "zod";
import { databaseForCli } from "@/lib/db/cli-database";
import { createPrismaClient, type Db } from "@/lib/db/create-client";

/** Runs `run` against the CLI's database (DATABASE_URL, or the embedded one) and always closes it. */
export async function withDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const database = await databaseForCli((line) => process.stderr.write(`${line}\n`));
  const db = createPrismaClient(database.url);
  try {
    return await run(db);
  } finally {
    await db.$disconnect();
    await database.close();
  }
}

/** A command-line option checked by a zod schema; the error lists the schema's messages (which name the option). */
export function parseOption<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
}

export const EmailOption = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "--email must be an e-mail address" }));
