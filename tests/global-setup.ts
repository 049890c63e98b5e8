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

type Setup = { databaseUrl: string; seededTemplateUrl: string; realDataImageFolder: string; dispose: () => Promise<void> };

async function startSetup(): Promise<Setup> {
  const database = await createTestDatabase("integration");
  const db = createPrismaClient(database.url);
  await seed(db);
  await db.$disconnect();
  const template = await copyDatabase(database.url, "seeded");
  const ownImage = path.resolve(import.meta.dirname, "../.tmp", `integration-real-data-image-${process.pid}`);
  return {
    databaseUrl: database.url,
    seededTemplateUrl: template.url,
    realDataImageFolder: imageFolder(ownImage),
    dispose: async () => {
      await template.dispose();
      await database.dispose();
      removeRealDataImage(ownImage);
    },
  };
}

/** the one setup both integration projects (vitest.config.ts) use, and how many of them still do */
const SHARED = Symbol.for("alpsbench.integration-setup");
type Shared = { ready: Promise<Setup>; users: number };
const registry = globalThis as { [SHARED]?: Shared };

/**
 * Integration tests: one migrated and seeded database for the run, handed to tests by inject("databaseUrl"), and a
 * copy of it as seeded, from which a file that must not see other files' rows (a worker takes every upload the
 * database holds) copies a database of its own in a second (copyDatabase). A file that reads the real data starts a
 * cluster of its own from the run's real-data image (built by `npm test` beside the lanes, else by the first such
 * file, in a folder of this lane's). Both integration projects run in the one vitest process and share all of it:
 * the second project's setup waits for the first's, and the last teardown stops it.
 */
export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= { ready: startSetup(), users: 0 });
  shared.users += 1;
  const { dispose, ...provided } = await shared.ready;
  project.provide("databaseUrl", provided.databaseUrl);
  project.provide("seededTemplateUrl", provided.seededTemplateUrl);
  project.provide("realDataImageFolder", provided.realDataImageFolder);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    await dispose();
  };
}
