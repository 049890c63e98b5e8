import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { TRACK_IDS } from "@/lib/benchmarks/alpsbench/track-ids";
import { dataVersionGaps } from "@/lib/benchmarks/track-readiness";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { copyDatabase } from "../test-database";

/**
 * GET /api/v1/benchmarks/alpsbench/readiness answered 404 ("no benchmark module"): readiness was read from a
 * benchmark's one-call members only, and AlpsBench scores with its own pipeline. Now a benchmark's `trackData`
 * answers for it whatever its kind; AlpsBench's reads whether its default data version holds a track's instances.
 * Through the route handler, on a database copied from the seeded template (this file deletes instances).
 */
// the route handler is imported outside a Next.js server
vi.mock("server-only", () => ({}));

let db: Db;
let dispose = async () => {};
let GET: typeof import("@/app/api/v1/benchmarks/[benchmark]/readiness/route").GET;

beforeAll(async () => {
  const copy = await copyDatabase(inject("seededTemplateUrl"), "alpsbench_readiness");
  dispose = copy.dispose;
  // the route reads the site's database (lib/db/client), bound on first use
  process.env.DATABASE_URL = copy.url;
  db = createPrismaClient(copy.url);
  ({ GET } = await import("@/app/api/v1/benchmarks/[benchmark]/readiness/route"));
});
afterAll(async () => {
  await db.$disconnect();
  await dispose();
});

type Body = { benchmark: string; ready: boolean; tracks: { track: string; ready: boolean; missing: string | null }[] };
async function readiness(name: string): Promise<{ status: number; body: Body }> {
  const response = await GET(new Request(`http://localhost/api/v1/benchmarks/${name}/readiness`) as never, { params: Promise.resolve({ benchmark: name }) });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("AlpsBench's readiness", () => {
  test("every track, ready exactly when the default data version holds its instances; a missing one names itself and the import", async () => {
    const version = await db.benchmarkVersion.upsert({
      where: { slug: "alpsbench-v1" },
      create: { slug: "alpsbench-v1", name: "AlpsBench v1", description: "test", source: "test" },
      update: {},
    });
    // one instance of Task 1, none of Task 4 ability 2, whatever the seed holds
    await db.instance.deleteMany({ where: { benchmarkVersionId: version.id, trackId: "task4/ability2" } });
    await db.instance.upsert({
      where: { benchmarkVersionId_trackId_benchmarkId: { benchmarkVersionId: version.id, trackId: "task1", benchmarkId: "readiness-1" } },
      create: { benchmarkVersionId: version.id, trackId: "task1", benchmarkId: "readiness-1", split: "dev", input: {}, contentHash: "x" },
      update: {},
    });

    const { status, body } = await readiness("alpsbench");
    expect(status).toBe(200);
    expect(body.benchmark).toBe(getBenchmark("alpsbench")!.id);
    expect(body.tracks.map((t) => t.track)).toEqual([...TRACK_IDS]);
    for (const t of body.tracks) {
      const held = await db.instance.count({ where: { benchmarkVersionId: version.id, trackId: t.track } });
      expect({ track: t.track, ready: t.ready }).toEqual({ track: t.track, ready: held > 0 });
      expect(t.missing === null).toBe(t.ready);
    }
    expect(body.tracks.find((t) => t.track === "task1")!.ready).toBe(true);
    const missing = body.tracks.find((t) => t.track === "task4/ability2")!;
    expect(missing.ready).toBe(false);
    expect(body.ready).toBe(false);
    expect(missing.missing).toContain("task4_ability2 instances");
    expect(missing.missing).toContain("import --from <folder>");
    expect(missing.missing).toContain("ALPSBENCH_DATA_DIR");
  });

  test("the submit form asks each data version it offers: a track is missing from the version that holds none of it, not from another", async () => {
    // after the test above: alpsbench-v1 holds no Task 4 ability 2; the seeded demo version holds every track
    const alpsbench = getBenchmark("alpsbench")!;
    for (const slug of ["alpsbench-v1", "demo"]) {
      const gaps = await dataVersionGaps(db, alpsbench, { slug, label: `Version ${slug}` }, TRACK_IDS);
      const version = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug } });
      const empty = [];
      for (const track of TRACK_IDS) if ((await db.instance.count({ where: { benchmarkVersionId: version.id, trackId: track } })) === 0) empty.push(track);
      expect(Object.keys(gaps), slug).toEqual(empty);
      for (const track of empty) expect(gaps[track]).toContain(`Version ${slug} holds no instances of this track`);
    }
    expect(Object.keys(await dataVersionGaps(db, alpsbench, { slug: "alpsbench-v1", label: "v1" }, TRACK_IDS))).toContain("task4/ability2");
    expect(Object.keys(await dataVersionGaps(db, alpsbench, { slug: "demo", label: "demo" }, TRACK_IDS))).not.toContain("task4/ability2");
  });

  test("a name no benchmark answers to is still a 404", async () => {
    expect((await readiness("nope")).status).toBe(404);
  });
});
