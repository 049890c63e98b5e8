import type { TestProject } from "vitest/node";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/db/seed";
import { copyDatabase, createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** the same database as seeded, before any test ran: a template for copyDatabase, never connected to */
    seededTemplateUrl: string;
  }
}

/**
 * Integration tests: one migrated and seeded database for the run, handed to tests by inject("databaseUrl"), and a
 * copy of it as seeded, from which a file that must not see other files' rows (a worker takes every upload the
 * database holds) copies a database of its own in a second (copyDatabase).
 */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase("integration");
  const db = createPrismaClient(database.url);
  await seed(db);
  await db.$disconnect();
  const template = await copyDatabase(database.url, "seeded");
  project.provide("databaseUrl", database.url);
  project.provide("seededTemplateUrl", template.url);
  return async () => {
    await template.dispose();
    await database.dispose();
  };
}
