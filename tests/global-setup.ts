import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/db/seed";
import { imageFolder } from "./real-data-image";
import { removeRealDataImage } from "./real-data-image-folder";
import { copyDatabase, createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** the same database as seeded, before any test ran: a template for copyDatabase, never connected to */
    seededTemplateUrl: string;
    /** the folder of the run's real-data image (tests/real-data-image.ts), for tests/integration/real-data-version.ts */
    realDataImageFolder: string;
  }
}

/**
 * Integration tests: one migrated and seeded database for the run, handed to tests by inject("databaseUrl"), and a
 * copy of it as seeded, from which a file that must not see other files' rows (a worker takes every upload the
 * database holds) copies a database of its own in a second (copyDatabase). A file that reads the real data starts a
 * cluster of its own from the run's real-data image (built by `npm test` beside the lanes, else by the first such
 * file, in a folder of this lane's).
 */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase(project.name);
  const db = createPrismaClient(database.url);
  await seed(db);
  await db.$disconnect();
  const template = await copyDatabase(database.url, "seeded");
  const ownImage = path.resolve(import.meta.dirname, "../.tmp", `integration-real-data-image-${process.pid}`);
  project.provide("databaseUrl", database.url);
  project.provide("seededTemplateUrl", template.url);
  project.provide("realDataImageFolder", imageFolder(ownImage));
  return async () => {
    await template.dispose();
    await database.dispose();
    removeRealDataImage(ownImage);
  };
}
