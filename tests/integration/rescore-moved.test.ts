import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { getTrackLeaderboard } from "@/lib/benchmarks/alpsbench/read/queries/leaderboard";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { OVERVIEW } from "@/lib/benchmarks/alpsbench/read/views";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

describe("a re-scored submission shows what moved", () => {
  test("the newer score version wins and the older value is kept as `previous`; untouched cells have none", async () => {
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
    const system = await db.system.create({ data: { slug: `moved-${Date.now()}`, name: "Moved System", kind: "general_llm" } });
    const submission = await db.submission.create({
      data: { systemId: system.id, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "upload", status: "done" },
    });
    const score = (metric: string, scoreVersion: string, value: number, computedAt: Date) =>
      db.score.create({ data: { submissionId: submission.id, trackId: "task1", metric, kind: "deterministic", scoreVersion, value, n: 30, computedAt } });
    await score("f1", "det-0.9.0", 0.41, new Date(Date.now() - 60_000));
    await score("precision", "det-0.9.0", 0.5, new Date(Date.now() - 60_000));
    await score("f1", "det-1.0.0", 0.44, new Date());

    const board = await getTrackLeaderboard(db, "task1", { benchmark: "demo", split: "full" });
    const row = board.rows.find((r) => r.submissionId === submission.id)!;
    expect(row.cells.f1).toMatchObject({ value: 0.44, previous: { value: 0.41, scoreVersion: "det-0.9.0" } });
    expect(row.cells.precision?.previous).toBeUndefined();

    // the overview takes each track's cells from ONE run of the system's tier (never mixed across runs), so
    // what that run's re-score moved is its own and is shown there too
    const overview = await getView(db, OVERVIEW, { benchmark: "demo", split: "full" });
    const merged = overview.rows.find((r) => r.systemSlug === system.slug)!;
    expect(merged.cells["task1:f1"]).toMatchObject({ value: 0.44, previous: { value: 0.41, scoreVersion: "det-0.9.0" } });
  });
});
