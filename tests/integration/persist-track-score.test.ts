import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { POOL_SIZES, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { createTestSubmission, referenceScore } from "./worker-fixtures";

const db = createPrismaClient(inject("databaseUrl"));
let benchmarkVersionId: string;
beforeAll(async () => {
  benchmarkVersionId = (await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } })).id;
});
afterAll(() => db.$disconnect());

/** The rows as stored, read back the same way for both submissions (jsonb text, so key order and numbers count). */
async function storedRows(submissionId: string) {
  return db.$queryRaw<{ instanceId: string; scoreVersion: string; metrics: string; detail: string | null }[]>`
    SELECT "instanceId", "scoreVersion", "metrics"::text AS metrics, "detail"::text AS detail
      FROM "InstanceResult" WHERE "submissionId" = ${submissionId} ORDER BY "instanceId"`;
}

describe("persistTrackScore", () => {
  const tracks: TrackId[] = ["task1", "task2", `task3/d${POOL_SIZES[0]}` as TrackId];
  test.each(tracks)("%s: writes the same InstanceResult rows as Prisma's createMany did, and a second run adds none", async (track) => {
    const fast = await createTestSubmission(db, { benchmarkVersionId, label: `persist-fast-${track.replace("/", "-")}`, track });
    const reference = await createTestSubmission(db, { benchmarkVersionId, label: `persist-ref-${track.replace("/", "-")}`, track });
    const result = await referenceScore(db, benchmarkVersionId, fast, track);
    expect(result.instances.length).toBeGreaterThan(0);
    await db.$transaction((tx) => persistTrackScore(tx, fast, benchmarkVersionId, result));
    await db.$transaction((tx) => persistTrackScore(tx, fast, benchmarkVersionId, result));
    // The path persistTrackScore took before: createMany with skipDuplicates.
    const instances = await db.instance.findMany({ where: { benchmarkVersionId, trackId: track }, select: { id: true, benchmarkId: true } });
    const ids = new Map(instances.map((i) => [i.benchmarkId, i.id]));
    await db.instanceResult.createMany({
      data: result.instances.map((instance) => ({
        submissionId: reference,
        instanceId: ids.get(instance.benchmarkId)!,
        scoreVersion: result.scorerVersion,
        metrics: { predicted: instance.predicted, ...instance.metrics },
        detail: instance.detail as Prisma.InputJsonValue,
      })),
      skipDuplicates: true,
    });
    const [got, expected] = [await storedRows(fast), await storedRows(reference)];
    expect(got).toHaveLength(result.instances.length);
    expect(got).toEqual(expected);
  });
});
