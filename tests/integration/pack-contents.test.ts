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

  test("an unpublished upload's pack keeps per-instance numbers only: no matched value or verdict text of its file", async () => {
    const demo = await db.submission.findFirstOrThrow({
      where: { id: { startsWith: "seed-demo-" }, status: "done", tracks: { has: "task1" } },
      orderBy: { id: "asc" },
    });
    const stored = await db.instanceResult.findMany({ where: { submissionId: demo.id, instance: { trackId: "task1" } } });
    expect(stored.length).toBeGreaterThan(0);
    const MARKER = "UNPUBLISHEDVALUEMARKER";
    const make = (publishPredictions: boolean) =>
      db.submission.create({
        data: {
          systemId: demo.systemId,
          benchmarkVersionId: demo.benchmarkVersionId,
          tracks: ["task1"],
          split: demo.split,
          source: "upload",
          status: "done",
          scorerVersion: demo.scorerVersion,
          fileName: "predictions.jsonl",
          fileBytes: new Uint8Array(gzipSync(Buffer.from(`{"benchmark_id":"x","memory_items":[{"value":"${MARKER}"}]}\n`))),
          fileSha256: "1".repeat(64),
          publishPredictions,
        },
      });
    const results = (submissionId: string) =>
      db.instanceResult.createMany({
        data: stored.map((r) => ({
          submissionId,
          instanceId: r.instanceId,
          scoreVersion: r.scoreVersion,
          metrics: r.metrics ?? {},
          // the stored matching names the predicted values: the marker stands for the file's content
          detail: { ...((r.detail as Record<string, unknown> | null) ?? {}), pairs: [{ predicted: { value: MARKER } }] },
        })),
      });
    const kept = await make(false);
    const shared = await make(true);
    try {
      await results(kept.id);
      await results(shared.id);
      const keptPack = (await read(kept.id))!;
      const keptText = [...keptPack.files.values()].map((bytes) => strFromU8(bytes)).join("\n");
      expect(keptText).not.toContain(MARKER);
      // what the aggregate re-reads is still there: the metrics and the match counts of every public line
      const lines = strFromU8(keptPack.files.get([...keptPack.files.keys()].find((p) => p.startsWith("results/"))!)!)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { metrics?: unknown; detail?: { counts?: unknown } | null });
      const publicLines = lines.filter((l) => l.metrics !== undefined);
      expect(publicLines.length).toBeGreaterThan(0);
      expect(publicLines.every((l) => l.detail === null || l.detail?.counts !== undefined)).toBe(true);
      // a published upload's pack carries the matching as stored
      const sharedPack = (await read(shared.id))!;
      expect([...sharedPack.files.values()].some((bytes) => strFromU8(bytes).includes(MARKER))).toBe(true);
    } finally {
      await db.submission.deleteMany({ where: { id: { in: [kept.id, shared.id] } } });
    }
  });
});
