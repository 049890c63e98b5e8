import { afterAll, describe, expect, inject, test } from "vitest";
import { seed } from "@/lib/db/seed";
import { createPrismaClient } from "@/lib/db/create-client";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { readTableQuery } from "@/lib/leaderboard/table-state";

/** Issue 29 #11: the seed stores the reported systems' model facts, so the open-weights filter keeps the open models. */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

describe("reported systems' model facts", () => {
  test("seeded from their model cards; open=1 on Task 1 keeps the open-weights models with their sizes", async () => {
    await seed(db);
    const maverick = await db.system.findUniqueOrThrow({ where: { slug: "llama-4-maverick" } });
    expect(maverick).toMatchObject({ paramsB: 400, activeParamsB: 17, license: "llama4", openWeights: true });
    const board = await getView(db, TASK_VIEWS.task1, { benchmark: "alpsbench-v1", split: "full" });
    const open = applyTableQuery(board, readTableQuery({ open: "1", params_max: "500" }));
    const slugs = open.rows.map((r) => r.systemSlug);
    expect(slugs).toContain("llama-4-maverick");
    expect(slugs).not.toContain("gpt-4-1-mini");
  });
});
