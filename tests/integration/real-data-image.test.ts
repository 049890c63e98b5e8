import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { realDataImage } from "../real-data-image";
import { IMAGE_ENV, READY } from "../real-data-image-folder";
import { realDataLast } from "../real-data-last-sequencer";

/**
 * The run's real-data image (tests/real-data-image.ts): a stopped cluster that databases start from as a copy
 * (startEmbeddedPostgres `startFrom`), and the folder protocol by which a lane waits for the image `npm test` builds.
 */
const base = path.resolve(import.meta.dirname, "../../.tmp", `real-data-image-test-${process.pid}`);
const moved: string[] = [];
afterAll(() => {
  for (const dir of [base, ...moved]) rmSync(dir, { recursive: true, force: true });
});

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("a cluster started as a copy of a stopped one", () => {
  test("holds the source's rows; what it writes stays out of the source; a running source is refused", async () => {
    const source = await startEmbeddedPostgres({ dataDir: path.join(base, "source"), database: "image_test", throwaway: true });
    moved.push(source.dataDir);
    await query(source.url, "CREATE TABLE marks (v text); INSERT INTO marks VALUES ('from the source')");
    // copying it while it runs would copy torn files
    await expect(startEmbeddedPostgres({ dataDir: path.join(base, "torn"), database: "image_test", startFrom: source.dataDir })).rejects.toThrow(/running cluster/);
    await source.stop();

    const copy = await startEmbeddedPostgres({ dataDir: path.join(base, "copy"), database: "image_test", throwaway: true, startFrom: source.dataDir });
    moved.push(copy.dataDir);
    try {
      expect(copy.dataDir).not.toBe(source.dataDir);
      expect(await query(copy.url, "SELECT v FROM marks")).toEqual([{ v: "from the source" }]);
      await query(copy.url, "INSERT INTO marks VALUES ('from the copy')");
    } finally {
      await copy.stop();
    }
    const again = await startEmbeddedPostgres({ dataDir: path.join(base, "source"), database: "image_test", throwaway: true });
    try {
      expect(await query(again.url, "SELECT v FROM marks ORDER BY v")).toEqual([{ v: "from the source" }]);
    } finally {
      await again.stop();
    }
  }, 120_000);
});

describe("waiting for the image npm test builds (IMAGE_ENV names its folder)", () => {
  const waitIn = async (name: string, after: (folder: string) => void) => {
    const folder = path.join(base, name);
    mkdirSync(folder, { recursive: true });
    const previous = process.env[IMAGE_ENV];
    process.env[IMAGE_ENV] = folder;
    try {
      const waiting = realDataImage(folder, () => {});
      // the builder finishes a moment later
      setTimeout(() => after(folder), 700);
      return await waiting;
    } finally {
      if (previous === undefined) delete process.env[IMAGE_ENV];
      else process.env[IMAGE_ENV] = previous;
    }
  };

  test("a lane waits for ready.json and gets the cluster directory it names; it builds nothing itself", async () => {
    const dataDir = await waitIn("ready", (folder) => writeFileSync(path.join(folder, READY), JSON.stringify({ dataDir: "/var/tmp/some-cluster" })));
    expect(dataDir).toBe("/var/tmp/some-cluster");
  }, 30_000);

  test("a failed build stops the waiting lane at once with the builder's reason", async () => {
    await expect(waitIn("failed", (folder) => writeFileSync(path.join(folder, "failed.txt"), "the import refused packets/x.json"))).rejects.toThrow(
      /could not be built: the import refused packets\/x\.json/,
    );
  }, 30_000);
});

describe("the order of a project's files", () => {
  test("those that read the real data come after all others, each part in vitest's order", () => {
    const files = ["a-real", "b", "c-real", "d", "e"];
    expect(realDataLast(files, (f) => f.endsWith("-real"))).toEqual(["b", "d", "e", "a-real", "c-real"]);
    expect(realDataLast(files, () => false)).toEqual(files);
  });
});
