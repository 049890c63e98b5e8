import type { TestProject } from "vitest/node";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/db/seed";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** Integration tests: one migrated and seeded database for the run, handed to tests by inject("databaseUrl"). */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase("integration");
  const db = createPrismaClient(database.url);
  await seed(db);
  await db.$disconnect();
  project.provide("databaseUrl", database.url);
  return async () => {
    await database.dispose();
  };
}
