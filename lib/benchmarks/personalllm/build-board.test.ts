import { describe, expect, test } from "vitest";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { packBoard, unpackBoard } from "@/lib/leaderboard/packed-board";
import { DEFAULT_TABLE_QUERY } from "@/lib/leaderboard/table-state";
import type { MetricValue } from "../types";
import { buildBoard, SettingsFilter, type ScoredRun } from "./build-board";
import type { ReportedRun } from "./reported-runs";
import { PERSONALLLM_VIEWS } from "./views";

/**
 * The Selection view as a reader sees it: a pick among the 8 candidates can at best tie the best one, so every
 * row's "Win vs best-of-8" is 0 and cannot rank them; the view ranks by Score, with the reference baselines (the
 * per-user oracle, random, each source model) drawn among the rows and never ranked.
 */
const metric = (value: number): MetricValue => ({ value, n: 20, ciLow: value - 0.1, ciHigh: value + 0.1 });
const scored = (id: string, name: string, origin: ScoredRun["origin"], track: ScoredRun["track"], score: number, vsGpt: number): ScoredRun => ({
  id,
  origin,
  track,
  name,
  organisation: null,
  setting: null,
  algorithm: null,
  shots: null,
  note: null,
  metrics: { total_score: metric(score), win_rate_vs_best_response: metric(0), win_rate_vs_gpt4o: metric(vsGpt) },
});
const baselines = [
  scored("b1", "Always gpt-4o", "baseline", "selection", 0.2, 40),
  scored("b2", "Always claude-3-opus", "baseline", "selection", 0.1, 30),
  scored("b3", "Random candidate", "baseline", "selection", 0.05, 25),
  scored("b4", "Per-user oracle", "baseline", "selection", 1.09, 100),
];
const uploads = [
  { ...scored("u1", "Alpha picker", "submission", "selection", 0.4, 55), systemSlug: "alpha", submissionId: "u1", tier: "submitted" as const },
  { ...scored("u2", "Beta picker", "submission", "selection", 0.3, 50), systemSlug: "beta", submissionId: "u2", tier: "submitted" as const },
  { ...scored("u3", "Rewards method", "submission", "rewards", 0.5, 60), systemSlug: "gamma", submissionId: "u3", tier: "submitted" as const },
];
const paper: ReportedRun = {
  id: "paper-1",
  source: "paper",
  setting: "setting1",
  algorithm: "KShotICLAlgorithm",
  shots: 3,
  responsesToInclude: "winning_only",
  userEmbeddingType: null,
  nSimilarUsers: null,
  generator: "g",
  totalScore: 0.3,
  winRateVsBest: 4,
  winRateVsGpt4o: 50,
  meanZ: null,
  csvOutput: "x.csv",
  metaLearningDataset: null,
  loggedAt: null,
};
const view = (id: string) => {
  const { board } = buildBoard(
    PERSONALLLM_VIEWS.find((v) => v.id === id)!,
    { paper: [paper], logged: [], submissions: uploads, baselines },
    SettingsFilter.parse({}),
  );
  // through the packed board too, as the page ships it to the browser
  return { board, shown: applyTableQuery(unpackBoard(packBoard(board)), DEFAULT_TABLE_QUERY) };
};

describe("PersonalLLM boards", () => {
  test("Selection: ranked by Score, the per-user oracle first and random below it, baselines unranked", () => {
    const { shown } = view("selection");
    expect(shown.rankColumn?.id).toBe("total_score");
    expect(shown.rows.map((r) => r.systemName)).toEqual([
      "Per-user oracle",
      "Alpha picker",
      "Beta picker",
      "Always gpt-4o",
      "Always claude-3-opus",
      "Random candidate",
    ]);
    expect(shown.rows.map((r) => [r.systemName, shown.ranks.get(r.rowId)])).toEqual([
      ["Per-user oracle", null],
      ["Alpha picker", 1],
      ["Beta picker", 2],
      ["Always gpt-4o", null],
      ["Always claude-3-opus", null],
      ["Random candidate", null],
    ]);
    expect(shown.rows.filter((r) => r.kind === "baseline").map((r) => r.rowId)).toEqual([
      "baseline-per-user-oracle",
      "baseline-always-gpt-4o",
      "baseline-always-claude-3-opus",
      "baseline-random-candidate",
    ]);
  });

  test.each(["", "rewards", "logged"])("view %j shows the random and oracle reference rows, unranked", (id) => {
    const { shown } = view(id);
    const references = shown.rows.filter((r) => r.kind === "baseline");
    expect(references.map((r) => r.systemName).sort()).toEqual(["Per-user oracle", "Random candidate"]);
    expect(references.every((r) => shown.ranks.get(r.rowId) === null)).toBe(true);
  });

  test("rows without a /systems page say so (reported runs, baselines); uploads link to their system", () => {
    const { board } = view("");
    const byName = new Map(board.rows.map((r) => [r.systemName, r]));
    expect(byName.get("KShotICL · 3-shot · winning_only")!.systemPage).toBe(false);
    expect(byName.get("Per-user oracle")!.systemPage).toBe(false);
    expect(byName.get("Rewards method")!.systemPage).toBeUndefined();
    expect(byName.get("Rewards method")!.systemSlug).toBe("gamma");
  });
});

describe("PersonalLLM reported runs", () => {
  const zeroShot = (id: string, setting: ReportedRun["setting"], csvOutput: string): ReportedRun => ({
    ...paper,
    id,
    setting,
    algorithm: "ZeroShotAlgorithm",
    shots: 0,
    responsesToInclude: "none",
    totalScore: -1.0508,
    winRateVsBest: 3.9,
    csvOutput,
  });
  const board = (runs: ReportedRun[], id = "") =>
    buildBoard(
      PERSONALLLM_VIEWS.find((v) => v.id === id)!,
      { paper: runs, logged: runs, submissions: [], baselines: [] },
      SettingsFilter.parse({}),
    ).board;

  test("the paper's two ZeroShot runs (one per setting, same figures) stand under names that say what differs", () => {
    const names = board([
      zeroShot("p1", "setting1", "scores/score_df_ZeroShotAlgorithm_2024-08-15-09-55.csv"),
      zeroShot("p2", "setting2", "scores/x_2024-08-15-09-34.csv"),
    ])
      .rows.filter((r) => r.tier === "reported")
      .map((r) => r.systemName);
    expect(names).toEqual(["ZeroShot · 0-shot · setting 1", "ZeroShot · 0-shot · setting 2"]);
  });

  test("two runs of one configuration in one setting are told apart by their run log's time in place of the setting they share; a name of its own is kept", () => {
    const names = board(
      [
        zeroShot("l1", "setting1", "scores/a_2024-08-15-09-55.csv"),
        zeroShot("l2", "setting1", "scores/a_2024-08-16-10-05.csv"),
        zeroShot("l3", "setting2", "scores/a_2024-08-17-11-15.csv"),
        paper,
      ],
      "logged",
    ).rows.map((r) => r.systemName);
    expect(names).toEqual([
      "ZeroShot · 0-shot · 2024-08-15 09:55",
      "ZeroShot · 0-shot · 2024-08-16 10:05",
      "ZeroShot · 0-shot · setting 2",
      "KShotICL · 3-shot · winning_only",
    ]);
  });

  test.each(PERSONALLLM_VIEWS.map((v) => [v.id, v.defaultSort]))("view %j: the column it ranks by (%s) comes first", (id, ranked) => {
    expect(board([paper], id).columns[0]!.id).toBe(ranked);
  });
});
