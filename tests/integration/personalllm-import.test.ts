import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { importBenchmarkDirs } from "@/lib/benchmarks/import-benchmark-dirs";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { loadBoard } from "@/lib/benchmarks/personalllm/db/load-board";
import { SettingsFilter } from "@/lib/benchmarks/personalllm/build-board";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { createPrismaClient } from "@/lib/db/create-client";

const db = createPrismaClient(inject("databaseUrl"));
const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-int-"));
afterAll(async () => {
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});
const FIGURES = path.resolve(process.env.PERSONALLLM_FIGURES_DIR ?? path.join(import.meta.dirname, "../../../shared/data/personalllm"));
const noFilter = SettingsFilter.parse({});

describe("PersonalLLM import into PostgreSQL", () => {
  test("synthetic Hugging Face parquet: users, test prompts and the in-app selection baselines", async () => {
    writeSynthetic(dir, { users: 20, prompts: 7 });
    const report = await importBenchmarkFolder(db, dir, () => {});
    expect(report).toMatchObject({ benchmark: "personalllm", counts: { users: 20, prompts: 7 } });
    expect(await db.pllmEvalUser.count()).toBe(20);
    const selection = (await loadBoard(db, "selection", noFilter))!;
    const names = selection.board.rows.map((r) => r.systemName);
    expect(names).toContain("Per-user oracle");
    expect(names).toContain("Random candidate");
    expect(names.filter((n) => n.startsWith("Always "))).toHaveLength(8);
    const oracle = selection.board.rows.find((r) => r.systemName === "Per-user oracle")!;
    expect(oracle.cells.win_rate_vs_best_response).toMatchObject({ value: 0, n: 20 });
    expect(oracle.cells.total_score!.ciLow).not.toBeNull();
    // importing again replaces, never duplicates
    await importBenchmarkFolder(db, dir, () => {});
    expect(await db.pllmSubmission.count({ where: { origin: "baseline" } })).toBe(10);
  });

  test("an AlpsBench folder is not taken by the PersonalLLM importers", async () => {
    expect(await importBenchmarkFolder(db, path.join(import.meta.dirname, "../fixtures"), () => {})).toBeNull();
  });

  test("BENCHMARK_DATA_DIRS at start-up: each folder imported by its module; a folder no module knows is an error naming it", async () => {
    writeSynthetic(dir, { users: 20, prompts: 7 });
    const lines = await importBenchmarkDirs(db, [dir], () => {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^personalllm from .*: personalllm: 20 /);
    const fixtures = path.join(import.meta.dirname, "../fixtures");
    await expect(importBenchmarkDirs(db, [dir, fixtures], () => {})).rejects.toThrow(`no benchmark module recognises ${fixtures}`);
  });

  test.skipIf(!existsSync(FIGURES))("the reported figures: 18 paper runs and 126 logged runs with their settings", async () => {
    const report = await importBenchmarkFolder(db, FIGURES, () => {});
    expect(report!.counts).toEqual({ paper: 18, logged: 126 });
    const main = (await loadBoard(db, "", noFilter))!;
    expect(main.board.rows.filter((r) => r.tier === "reported")).toHaveLength(18);
    const zero = main.board.rows.find((r) => r.rowId === "paper-setting1-1")!;
    expect(zero.cells.total_score!.value).toBe(-1.0508);
    expect(zero.cells.win_rate_vs_best_response!.value).toBe(3.9);
    // per-model means come from the logged run the paper plotted
    expect(zero.cells.mean_z_beaver_7b!.value).toBeCloseTo(-0.2358073451357341, 12);
    const setting2 = (await loadBoard(db, "", SettingsFilter.parse({ setting: ["setting2"], algorithm: ["MetaLearnKShotICLAlgorithm"] })))!;
    expect(setting2.board.rows).toHaveLength(3);
    const logged = (await loadBoard(db, "logged", SettingsFilter.parse({ shots: ["5"] })))!;
    expect(logged.board.rows.every((r) => logged.attributes.get(r.rowId)!.shots === 5)).toBe(true);
    // the 126 logged runs, and the two reference baselines (random and oracle picks) beside them, unranked
    const rows = (await loadBoard(db, "logged", noFilter))!.board.rows;
    expect(rows.filter((r) => r.kind !== "baseline")).toHaveLength(126);
    expect(
      rows
        .filter((r) => r.kind === "baseline")
        .map((r) => r.systemName)
        .sort(),
    ).toEqual(["Per-user oracle", "Random candidate"]);
  });
});

describe("GET /api/v1/leaderboards/personalllm[/<view>] (route handlers against the database)", () => {
  const call = async (path: string) => {
    const { personalLlm } = await import("@/lib/benchmarks/personalllm");
    const { leaderboardResponse } = await import("@/lib/benchmarks/hosted-responses");
    const url = new URL(`http://x/api/v1/leaderboards/${path}`);
    const [, , , , viewPart] = url.pathname.split("/").slice(1);
    return leaderboardResponse(db, personalLlm.id, viewPart ?? null, url.searchParams);
  };

  test.skipIf(!existsSync(FIGURES))("default view: reported runs with settings fields, same rows shape as AlpsBench views", async () => {
    const res = await call("personalllm?setting=setting1&sort=total_score");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: Record<string, unknown>[]; benchmark: string; rankedBy: string };
    expect(body.benchmark).toBe("personalllm");
    expect(body.rankedBy).toBe("total_score");
    expect(body.rows).toHaveLength(13);
    expect(body.rows[0]).toMatchObject({ rank: 1, tier: "reported", setting: "setting1", algorithm: "KShotICLAlgorithm", shots: 5, total_score: -0.1729 });
    const keys = Object.keys(body.rows[0]!);
    // no field of another benchmark's check (AlpsBench's contamination figures are its boards' own fields)
    expect(keys.filter((k) => k.startsWith("contamination"))).toEqual([]);
    // the settings follow the row's identity fields (the uploader, the review, why a row is unranked) and
    // come before the metrics, which start with the column the view ranks by (Win vs best-of-8 on the default view,
    // whatever the sort of this request), then the track's order
    expect(keys.indexOf("origin")).toBeGreaterThan(keys.indexOf("submission_id"));
    expect(keys.slice(keys.indexOf("origin"), keys.indexOf("origin") + 8)).toEqual([
      "origin",
      "setting",
      "algorithm",
      "shots",
      "responses",
      "embedding",
      "similar_users",
      "win_rate_vs_best_response",
    ]);
    expect(keys.indexOf("total_score")).toBeGreaterThan(keys.indexOf("win_rate_vs_best_response"));
  });

  test("selection view and CSV; bad filter and unknown view are 4xx naming the parameter", async () => {
    const csv = await call("personalllm/selection?format=csv");
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\n")[0]).toContain("setting,algorithm,shots");
    const bad = await call("personalllm?setting=bad%20value");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("setting:");
    expect((await call("personalllm/nope")).status).toBe(404);
  });
});
