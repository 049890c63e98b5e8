import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { getSiteStats } from "@/lib/db/queries/stats";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { OVERVIEW, TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const scope = { benchmark: "demo", split: "full" } as const;

describe("memoised public read models follow every change at once", () => {
  test("a repeated read is served from the memo; new scores, hiding and renames show on the next read", async () => {
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
    const slug = `memo-${Date.now()}`;
    const system = await db.system.create({ data: { slug, name: "Memo System", kind: "memory_system" } });
    const submission = await db.submission.create({
      data: { systemId: system.id, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "upload", status: "done" },
    });

    const first = await getView(db, TASK_VIEWS.task1, scope);
    expect(first.rows.some((r) => r.systemSlug === slug)).toBe(false);
    // unchanged data: the very same object comes back (no recomputation)
    expect(await getView(db, TASK_VIEWS.task1, scope)).toBe(first);

    await db.score.create({
      data: { submissionId: submission.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "det-1.0.0", value: 0.77, n: 30 },
    });
    const scored = await getView(db, TASK_VIEWS.task1, scope);
    expect(scored.rows.find((r) => r.systemSlug === slug)?.cells.f1?.value).toBe(0.77);
    const overview = await getView(db, OVERVIEW, scope);
    expect(overview.rows.find((r) => r.systemSlug === slug)?.cells["task1:f1"]?.value).toBe(0.77);

    await db.system.update({ where: { id: system.id }, data: { name: "Memo System Renamed" } });
    expect((await getView(db, TASK_VIEWS.task1, scope)).rows.find((r) => r.systemSlug === slug)?.systemName).toBe("Memo System Renamed");

    const statsBefore = await getSiteStats(db, "demo");
    await db.submission.update({ where: { id: submission.id }, data: { visibility: "private" } });
    expect((await getView(db, TASK_VIEWS.task1, scope)).rows.some((r) => r.systemSlug === slug)).toBe(false);
    expect((await getSiteStats(db, "demo")).submissions).toBe(statsBefore.submissions - 1);

    await db.submission.update({ where: { id: submission.id }, data: { visibility: "public", hiddenAt: new Date() } });
    expect((await getView(db, TASK_VIEWS.task1, scope)).rows.some((r) => r.systemSlug === slug)).toBe(false);
  });

  test("progress writes do not bump the version; public fields do, once per statement", async () => {
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
    const system = await db.system.create({ data: { slug: `memo-progress-${Date.now()}`, name: "Progress", kind: "general_llm" } });
    const submission = await db.submission.create({
      data: { systemId: system.id, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "upload", status: "scoring" },
    });
    const before = await leaderboardVersion(db);
    await db.submission.update({ where: { id: submission.id }, data: { progressDone: 10, progressTotal: 20, lastProgressAt: new Date() } });
    expect(await leaderboardVersion(db)).toBe(before);
    await db.score.createMany({
      data: ["f1", "precision", "recall"].map((metric) => ({
        submissionId: submission.id,
        trackId: "task1",
        metric,
        kind: "deterministic" as const,
        scoreVersion: "det-1.0.0",
        value: 0.5,
      })),
    });
    expect(await leaderboardVersion(db)).toBe(before + 1n);
    await db.submission.update({ where: { id: submission.id }, data: { status: "done" } });
    expect(await leaderboardVersion(db)).toBe(before + 2n);
  });

  test("a rolled-back change does not bump the version", async () => {
    const before = await leaderboardVersion(db);
    await expect(
      db.$transaction(async (tx) => {
        await tx.system.create({ data: { slug: `memo-rollback-${Date.now()}`, name: "Rolled back", kind: "general_llm" } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await leaderboardVersion(db)).toBe(before);
  });
});
