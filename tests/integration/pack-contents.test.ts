import { gzipSync } from "node:zlib";
import { strFromU8 } from "fflate";
import { afterAll, describe, expect, inject, test } from "vitest";
import { buildAlpsBenchPack } from "@/lib/benchmarks/alpsbench/pack/build-pack";
import { createPrismaClient } from "@/lib/db/create-client";
import { readPack, writePack } from "@/lib/packs/zip-pack";

/**
 * What a pack carries, on the demo data the integration database is seeded with: the server's own runs publish
 * their predictions; an upload only when its submitter opted in; no pack for a reported row; and never a hidden
 * test instance's results or gold.
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const read = async (id: string) => {
  const built = await buildAlpsBenchPack(db, id);
  return built ? readPack(writePack(built.manifest, built.entries)) : null;
};

describe("reproducibility pack contents", () => {
  test("a server-made run: predictions published, test instances reduced to id and split, no test gold", async () => {
    const demo = await db.submission.findFirstOrThrow({ where: { id: { startsWith: "seed-demo-" }, status: "done" }, orderBy: { id: "asc" } });
    const pack = (await read(demo.id))!;
    expect(pack.manifest.predictions_included).toBe(true);
    expect(pack.manifest.bootstrap.seed).toBe(demo.id);
    expect(pack.integrity.every((i) => i.ok)).toBe(true);
    const testIds = new Set(
      (await db.instance.findMany({ where: { benchmarkVersionId: demo.benchmarkVersionId, split: "test" }, select: { benchmarkId: true } })).map(
        (i) => i.benchmarkId,
      ),
    );
    expect(testIds.size).toBeGreaterThan(0);
    let testLines = 0;
    for (const [path, bytes] of pack.files) {
      if (path.startsWith("predictions/")) continue;
      for (const line of strFromU8(bytes).split("\n").filter(Boolean)) {
        const row = JSON.parse(line) as Record<string, unknown>;
        if (!testIds.has(String(row.benchmark_id))) continue;
        testLines += 1;
        // a hidden test instance: its id and split, never its results, verdict or gold
        expect(Object.keys(row).sort(), path).toEqual(["benchmark_id", "split"]);
        expect(path.startsWith("gold/"), path).toBe(false);
      }
    }
    expect(testLines).toBeGreaterThan(0);
    expect(pack.manifest.figures.length).toBeGreaterThan(0);
  });

  test("an upload's predictions are in its pack only when the submitter opted in; a reported row has no pack", async () => {
    const demo = await db.submission.findFirstOrThrow({ where: { id: { startsWith: "seed-demo-" }, status: "done" }, orderBy: { id: "asc" } });
    const file = gzipSync(Buffer.from('{"benchmark_id":"x","memory_items":[]}\n'));
    const upload = (publishPredictions: boolean) =>
      db.submission.create({
        data: {
          systemId: demo.systemId,
          benchmarkVersionId: demo.benchmarkVersionId,
          tracks: ["task1"],
          split: "dev",
          source: "upload",
          status: "done",
          scorerVersion: demo.scorerVersion,
          fileName: "predictions.jsonl",
          fileBytes: new Uint8Array(file),
          fileSha256: "0".repeat(64),
          publishPredictions,
        },
      });
    const kept = await upload(false);
    const shared = await upload(true);
    const keptPack = (await read(kept.id))!;
    expect(keptPack.manifest.predictions_included).toBe(false);
    expect([...keptPack.files.keys()].some((p) => p.startsWith("predictions/"))).toBe(false);
    expect(keptPack.manifest.notes.join(" ")).toMatch(/did not publish the predictions/);
    const sharedPack = (await read(shared.id))!;
    expect(sharedPack.manifest.predictions_included).toBe(true);
    expect(strFromU8(sharedPack.files.get("predictions/predictions.jsonl")!)).toContain('"benchmark_id":"x"');
    expect(sharedPack.manifest.submission.file_sha256).toBe("0".repeat(64));

    const reported = await db.submission.findFirst({ where: { source: "reported" } });
    if (reported) expect(await buildAlpsBenchPack(db, reported.id)).toBeNull();
    await db.submission.deleteMany({ where: { id: { in: [kept.id, shared.id] } } });
  });
});
