import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, inject, test, vi } from "vitest";
import { ImportBanner } from "@/components/import-banner";
import { createPrismaClient } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { readImportStatus } from "@/lib/db/queries/import-status";
import { abandonImport, importConnectionString, runImportSteps } from "../../scripts/lib/start-imports";

// the banner's module guards against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

const url = inject("databaseUrl");
const db = createPrismaClient(url);
const importDb = createPrismaClient(importConnectionString(url));
// the web tier's client (lib/db/client.ts) is this test's database
(globalThis as { alpsbenchDb?: unknown }).alpsbenchDb = db;
afterAll(async () => {
  await Promise.all([db.$disconnect(), importDb.$disconnect()]);
});

/** The banner as a page renders it (the layout's server component), "" when there is none. */
async function bannerHtml(): Promise<string> {
  const element = await ImportBanner();
  return element ? renderToStaticMarkup(element) : "";
}

/** A step that waits until the test lets it go: the import paused mid-way. */
function pausedStep(phase: string, readies: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    step: {
      phase,
      readies,
      run: async () => {
        started();
        await released;
      },
    },
    running,
    release,
  };
}

describe("the start-up import runs beside the site (scripts/start.ts)", () => {
  test("while a step runs every page's banner names it and what is up; after the last step it is gone, and each change bumps the version", async () => {
    expect(await bannerHtml()).toBe("");
    const first = pausedStep("the Example data (EXAMPLE_DATA_DIR)", "the Example data");
    const second = pausedStep("the data of BENCHMARK_DATA_DIRS", "the data of BENCHMARK_DATA_DIRS");
    const before = await leaderboardVersion(db);
    const run = runImportSteps(db, [first.step, second.step]);

    await first.running;
    const during = await bannerHtml();
    expect(during).toContain("Importing the Example data (EXAMPLE_DATA_DIR)");
    expect(during).toContain("the published figures and the demo data are up");
    expect(during).toContain('role="status"');
    const duringFirst = await leaderboardVersion(db);
    // the page cache keys a page by this version: a page cached before the banner is rendered again
    expect(duringFirst).toBeGreaterThan(before);

    first.release();
    await second.running;
    const next = await bannerHtml();
    expect(next).toContain("Importing the data of BENCHMARK_DATA_DIRS");
    expect(next).toContain("the published figures and the demo data, the Example data are up");
    expect(await leaderboardVersion(db)).toBeGreaterThan(duringFirst);
    const duringSecond = await leaderboardVersion(db);

    second.release();
    await run;
    expect(await bannerHtml()).toBe("");
    expect(await readImportStatus(db)).toBeNull();
    // a page cached with the banner is not served after the import's end
    expect(await leaderboardVersion(db)).toBeGreaterThan(duringSecond);
  });

  test("a failed step removes the banner and the failure reaches the caller", async () => {
    const failing = { phase: "the broken data", readies: null, run: () => Promise.reject(new Error("line 3: bad field")) };
    await expect(runImportSteps(db, [failing])).rejects.toThrow("line 3: bad field");
    expect(await bannerHtml()).toBe("");
  });

  test("no step: nothing is written and the version stays", async () => {
    const before = await leaderboardVersion(db);
    await runImportSteps(db, []);
    expect(await leaderboardVersion(db)).toBe(before);
  });

  test("a stop mid-import (Ctrl-C) ends the import's open transaction and removes its banner, though that transaction holds the version's row", async () => {
    const paused = pausedStep("the Example data (EXAMPLE_DATA_DIR)", "the Example data");
    const run = runImportSteps(db, [paused.step]);
    await paused.running;
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // as the importer does: one transaction on the import's connection whose writes bump (and lock) the version row
    const importing = importDb.$transaction(
      async (tx) => {
        await tx.$executeRaw`UPDATE "LeaderboardVersion" SET "version" = "version" + 1 WHERE "id" = 1`;
        locked();
        await new Promise((resolve) => setTimeout(resolve, 15_000));
      },
      { timeout: 120_000 },
    );
    importing.catch(() => {});
    await holding;
    const before = await leaderboardVersion(db);
    await abandonImport(db);
    await expect(importing).rejects.toThrow();
    expect(await bannerHtml()).toBe("");
    // the import's bump was rolled back with it; the banner's removal bumped once
    expect(await leaderboardVersion(db)).toBe(before + 1n);
    paused.release();
    await run;
  }, 90_000);
});
