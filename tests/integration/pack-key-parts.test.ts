import { createHash } from "node:crypto";
import { afterAll, describe, expect, inject, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { packKey } from "@/lib/packs/pack-store";

/**
 * A stored pack's key after SplitScore moved to AlpsBench's schema (issue 37): pack-store no longer reads the table,
 * AlpsBench adds its rows through its declared packKeyParts. Packs already stored are not rebuilt, so the key of a
 * submission with split scores must be the one pack-store computed when it read the table itself (keyAsBefore, the
 * code of lib/packs/pack-store.ts at 1c3018d, kept here as the reference).
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

async function keyAsBefore(db: Db, submissionId: string): Promise<string | null> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    select: {
      status: true,
      source: true,
      visibility: true,
      hiddenAt: true,
      publishPredictions: true,
      scorerVersion: true,
      finishedAt: true,
      fileSha256: true,
      fileName: true,
      tracks: true,
      split: true,
      rewardFill: { select: { source: true } },
      system: { select: { name: true, slug: true } },
      benchmarkVersion: { select: { slug: true, source: true, importedAt: true } },
    },
  });
  if (!submission) return null;
  const { rewardFill, system, benchmarkVersion, ...columns } = submission;
  const hashed = { ...columns, rewardSource: rewardFill?.source ?? null, system, benchmarkVersion };
  const [scores, splitScores] = await Promise.all([
    db.score.groupBy({ by: ["scoreVersion", "kind"], where: { submissionId }, _max: { computedAt: true }, _count: { _all: true } }),
    db.splitScore.groupBy({ by: ["scoreVersion"], where: { submissionId }, _max: { computedAt: true }, _count: { _all: true } }),
  ]);
  const versions = [
    ...scores.map((g) => `s:${g.scoreVersion}:${g.kind}:${g._count._all}:${g._max.computedAt?.toISOString()}`),
    ...splitScores.map((g) => `p:${g.scoreVersion}:${g._count._all}:${g._max.computedAt?.toISOString()}`),
  ].sort();
  return createHash("sha256")
    .update(JSON.stringify({ ...hashed, hiddenAt: submission.hiddenAt?.toISOString() ?? null, versions }))
    .digest("hex");
}

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
  test("is the key pack-store built when it read SplitScore itself, before and after a re-score of the split figures", async () => {
    const id = await copyWithSplitScores();
    try {
      // not vacuous: the run has split scores, and they are in its key (AlpsBench's parts)
      expect(await db.splitScore.count({ where: { submissionId: id } })).toBeGreaterThan(0);
      const before = await packKey(db, id);
      expect(before).toMatch(/^[0-9a-f]{64}$/);
      expect(before).toBe(await keyAsBefore(db, id));

      // only the split figures re-scored (no Score row touched): a new key, still the one pack-store built before
      const row = await db.splitScore.findFirstOrThrow({ where: { submissionId: id } });
      await db.splitScore.update({ where: { id: row.id }, data: { computedAt: new Date(row.computedAt.getTime() + 60_000) } });
      const after = await packKey(db, id);
      expect(after).not.toBe(before);
      expect(after).toBe(await keyAsBefore(db, id));
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
