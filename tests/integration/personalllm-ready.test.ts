import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { SettingsFilter } from "@/lib/benchmarks/personalllm/build-board";
import { loadBoard } from "@/lib/benchmarks/personalllm/db/load-board";
import { LOGGED_FILE, parseLoggedRuns, parsePlottedRuns, PLOTTED_FILE } from "@/lib/benchmarks/personalllm/reported-runs";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/pipeline/seed";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const FIGURES = path.resolve(process.env.PERSONALLLM_FIGURES_DIR ?? path.join(import.meta.dirname, "../../../shared/data/personalllm"));
const noFilter = SettingsFilter.parse({});

describe("PersonalLLM on a plain start", () => {
  test("the seed alone gives the PersonalLLM board the paper's 18 plotted runs, on every start without duplicates", async () => {
    await db.pllmReportedRun.deleteMany();
    await seed(db);
    await seed(db);
    const main = (await loadBoard(db, "", noFilter))!;
    const reported = main.board.rows.filter((r) => r.tier === "reported");
    expect(reported).toHaveLength(18);
    expect(await db.pllmReportedRun.count({ where: { source: "paper" } })).toBe(18);
    const zero = reported.find((r) => r.rowId === "paper-setting1-1")!;
    expect(zero.cells.total_score!.value).toBe(-1.0508);
  });

  test.skipIf(!existsSync(FIGURES))("the seeded runs are the authors' published figures, field for field", async () => {
    const logged = parseLoggedRuns(readFileSync(path.join(FIGURES, LOGGED_FILE), "utf8"));
    const paper = parsePlottedRuns(readFileSync(path.join(FIGURES, PLOTTED_FILE), "utf8"), logged);
    const stored = await db.pllmReportedRun.findMany({ where: { source: "paper" }, orderBy: { id: "asc" } });
    expect(stored.map((r) => ({ ...r, meanZ: r.meanZ }))).toEqual([...paper].sort((a, b) => a.id.localeCompare(b.id)));
  });
});
