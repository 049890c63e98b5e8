import { describe, expect, test } from "vitest";
import { hostedTrack } from "@/lib/benchmarks";
import { scoreHistory as history, type HistoryScore } from "./score-history";

// the order the systems page passes: the registry's declarations (app/systems/_lib/metric-format.ts)
const declared = (i: number | undefined) => (i === undefined || i === -1 ? 1000 : i);
const order = {
  track: (trackId: string) => declared(hostedTrack(trackId)?.benchmark.tracks.findIndex((t) => t.id === trackId)),
  metric: (trackId: string, metric: string) => declared(hostedTrack(trackId)?.track.metrics.findIndex((m) => m.id === metric)),
};
const scoreHistory = (scores: readonly HistoryScore[], current: readonly string[]) => history(scores, current, order);

const s = (over: Partial<HistoryScore>): HistoryScore => ({
  trackId: "task1",
  metric: "f1",
  kind: "deterministic",
  scoreVersion: "det-1.0.0",
  judgeProfile: null,
  value: 0.5,
  n: 10,
  computedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("scoreHistory", () => {
  test("one column per version, oldest first; a moved value is marked changed", () => {
    const tables = scoreHistory(
      [
        s({ scoreVersion: "det-1.1.0", value: 0.52, computedAt: "2026-02-01T00:00:00.000Z" }),
        s({ scoreVersion: "det-1.0.0", value: 0.5 }),
        s({ metric: "precision", value: 0.4 }),
        s({ metric: "precision", scoreVersion: "det-1.1.0", value: 0.4, computedAt: "2026-02-01T00:00:00.000Z" }),
      ],
      ["det-1.1.0"],
    );
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table!.versions.map((v) => [v.scoreVersion, v.current])).toEqual([
      ["det-1.0.0", false],
      ["det-1.1.0", true],
    ]);
    // metric order follows the leaderboard's column order (precision before f1)
    expect(table!.rows.map((r) => [r.metric, r.values, r.changed])).toEqual([
      ["precision", [0.4, 0.4], false],
      ["f1", [0.5, 0.52], true],
    ]);
  });

  test("judge versions are a separate table labelled by profile; a metric missing in a version is null", () => {
    const tables = scoreHistory(
      [
        s({ metric: "judge_score", kind: "judge", scoreVersion: "judge:a", judgeProfile: "gpt-x v1", value: 70 }),
        s({ metric: "judge_score", kind: "judge", scoreVersion: "judge:b", judgeProfile: "gpt-x v2", value: 72, computedAt: "2026-03-01T00:00:00.000Z" }),
        s({ metric: "final_score", kind: "judge", scoreVersion: "judge:b", judgeProfile: "gpt-x v2", value: 60, computedAt: "2026-03-01T00:00:00.000Z" }),
        s({}),
      ],
      ["det-1.0.0", "judge:b"],
    );
    expect(tables.map((t) => t.kind)).toEqual(["deterministic", "judge"]);
    const judge = tables[1]!;
    expect(judge.versions.map((v) => v.label)).toEqual(["gpt-x v1", "gpt-x v2"]);
    expect(judge.rows.map((r) => [r.metric, r.values])).toEqual([
      ["judge_score", [70, 72]],
      ["final_score", [null, 60]],
    ]);
  });

  test("tracks in leaderboard order", () => {
    const tables = scoreHistory([s({ trackId: "task3/d100", metric: "recall" }), s({ trackId: "task2" }), s({ trackId: "task1" })], ["det-1.0.0"]);
    expect(tables[0]!.rows.map((r) => r.trackId)).toEqual(["task1", "task2", "task3/d100"]);
  });
});
