import { afterAll, describe, expect, inject, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { createPrismaClient } from "@/lib/db/create-client";
import { packKey } from "@/lib/packs/pack-store";

/**
 * A stored pack's key after SplitScore moved to AlpsBench's schema (issue 37): pack-store no longer reads the table,
 * AlpsBench adds its rows through its declared packKeyParts, so a re-score of the split figures alone still rebuilds
 * the pack. (That the parts are the strings pack-store built itself, so no stored pack was rebuilt by the move, was
 * shown once against the old code when the table moved.)
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

/** A seeded full run's copy with its Score and SplitScore rows, so the test may re-score it. */
async function copyWithSplitScores() {
  const demo = await db.submission.findFirstOrThrow({
    where: { id: { startsWith: "seed-demo-" }, status: "done", splitScores: { some: {} } },
    orderBy: { id: "asc" },
    include: { scores: true, splitScores: true },
  });
  const copy = await db.submission.create({
    data: {
      systemId: demo.systemId,
      benchmarkVersionId: demo.benchmarkVersionId,
      tracks: demo.tracks,
      split: demo.split,
      scorerVersion: demo.scorerVersion,
      source: "upload",
      status: "done",
      visibility: "public",
      finishedAt: new Date(),
    },
  });
  await db.score.createMany({ data: demo.scores.map(({ id: _i, submissionId: _s, ...s }) => ({ ...s, submissionId: copy.id })) as never });
  await db.splitScore.createMany({ data: demo.splitScores.map(({ id: _i, submissionId: _s, ...s }) => ({ ...s, submissionId: copy.id })) as never });
  return copy.id;
}

describe("a stored pack's key with AlpsBench's split scores", () => {
  test("changes when only the split figures are re-scored", async () => {
    const id = await copyWithSplitScores();
    try {
      // not vacuous: the run has split scores, and they are in its key (AlpsBench's parts)
      expect(await db.splitScore.count({ where: { submissionId: id } })).toBeGreaterThan(0);
      const before = await packKey(db, id);
      expect(before).toMatch(/^[0-9a-f]{64}$/);
      const parts = await capabilitiesOf(getBenchmark("alpsbench")!).packKeyParts(db, id);
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatch(/^p:/);

      // only the split figures re-scored (no Score row touched): a new key
      const row = await db.splitScore.findFirstOrThrow({ where: { submissionId: id } });
      await db.splitScore.update({ where: { id: row.id }, data: { computedAt: new Date(row.computedAt.getTime() + 60_000) } });
      const after = await packKey(db, id);
      expect(after).not.toBe(before);
    } finally {
      await db.submission.delete({ where: { id } });
    }
  });

  test("a benchmark that declares no parts adds none", async () => {
    const personalllm = getBenchmark("personalllm");
    expect(personalllm).not.toBeNull();
    expect(personalllm!.pipeline?.packKeyParts).toBeUndefined();
    expect(await capabilitiesOf(personalllm!).packKeyParts(db, "no-such-submission")).toEqual([]);
  });
});
