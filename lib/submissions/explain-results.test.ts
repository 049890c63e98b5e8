import { describe, expect, it } from "vitest";
import { TRACK_IDS } from "@/lib/benchmarks/alpsbench/track-ids";
import { CONTAMINATION_FLAG_REASON } from "@/lib/benchmarks/alpsbench/contamination/row-marks";
import { explainResults, inTrackOrder, type ResultsInput } from "./explain-results";

const base: ResultsInput = {
  id: "sub1",
  track: "task1",
  split: "full",
  benchmark: "alpsbench-v1",
  status: "done",
  failureReason: null,
  note: null,
  visibility: "public",
  hidden: false,
  flag: null,
  systemName: "My model",
  scores: [],
};
const noJudge = { judgeConfigured: false, rewardServiceConfigured: false };

describe("explainResults: a run's tracks explain themselves", () => {
  it("orders a run's tracks as the benchmark declares them, whatever order they were stored in", () => {
    const shuffled = [...TRACK_IDS]
      .reverse()
      .map((track, i) => ({ id: `s${i}`, split: "dev", explanation: explainResults({ ...base, track, split: "dev" }, noJudge) }));
    expect(inTrackOrder(shuffled).map((s) => s.explanation.label)).toEqual(TRACK_IDS.map((t) => explainResults({ ...base, track: t }, noJudge).label));
  });

  it("a Task 4 track without a judge: every figure missing, with the reason and what the operator does", () => {
    const result = explainResults({ ...base, track: "task4/ability1", split: "dev" }, noJudge);
    expect(result.figures.map((f) => f.value)).toEqual([null]);
    expect(result.missing).toEqual([
      {
        metrics: ["Persona awareness (PA)"],
        reason:
          "waiting for a judge: no LLM judge is configured on this server (its operator sets JUDGE_BASE_URL and JUDGE_MODEL (and JUDGE_API_KEY if the endpoint needs one) and restarts the worker, which judges every upload waiting for one)",
      },
    ]);
    expect(result.board).toEqual({ href: "/tasks/task4?split=dev&q=My+model", label: "AlpsBench board, dev split" });
  });

  it("Task 1 with deterministic figures only: the judge metrics are named as not judged, the others shown", () => {
    const scores = ["algo_score_100", "precision", "recall", "f1", "direct_recall", "indirect_recall"].map((metric) => ({ metric, value: 0.5 }));
    const result = explainResults({ ...base, scores }, noJudge);
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]!.metrics).toEqual(["Judge", "Final"]);
    expect(result.status).toBe("done");
    expect(result.board).toEqual({ href: "/tasks/task1?q=My+model", label: "AlpsBench board" });
  });

  it("with a judge configured, a missing judge figure is the judge's failure, not the server's setup", () => {
    const result = explainResults({ ...base, track: "task3/d300" }, { judgeConfigured: true, rewardServiceConfigured: false });
    expect(result.missing[0]).toEqual({
      metrics: ["Recall (judge)"],
      reason: "not judged: the judge gave no usable answer for this upload (see its submission page)",
    });
  });

  it("a stored figure without a value is withheld, with the submission's note", () => {
    const result = explainResults(
      { ...base, track: "task3/d100", split: "test", note: "test figures rounded", scores: [{ metric: "recall", value: null }] },
      { judgeConfigured: true, rewardServiceConfigured: false },
    );
    expect(result.missing.find((m) => m.metrics.includes("Recall (exact id)"))?.reason).toBe("withheld: test figures rounded");
  });

  it("a contamination-flagged upload says why it is unranked and links the board with flagged runs shown", () => {
    const result = explainResults({ ...base, flag: CONTAMINATION_FLAG_REASON, benchmark: "demo" }, noJudge);
    expect(result.status).toBe("done, flagged (unranked)");
    expect(result.notes[0]).toMatch(/^Flagged by the contamination check/);
    expect(result.board?.href).toBe("/tasks/task1?benchmark=demo&q=My+model&flagged=1");
  });

  it('a copy of another run says it is unranked and why, and links the board with flagged runs shown (it said "done")', () => {
    const reason = 'A copy of "Copy the input (baseline)" (submission s-1): 451 of its 454 predicted rows on task1 are that run\'s, so it is not ranked.';
    const result = explainResults({ ...base, unranked: reason, benchmark: "demo" }, noJudge);
    expect(result.status).toBe("done, unranked");
    expect(result.notes).toContain(reason);
    expect(result.board?.href).toBe("/tasks/task1?benchmark=demo&q=My+model&flagged=1");
  });

  it("private, failed and unfinished uploads link no board", () => {
    expect(explainResults({ ...base, visibility: "private" }, noJudge).board).toBeNull();
    expect(explainResults({ ...base, status: "failed", failureReason: "boom" }, noJudge)).toMatchObject({ status: "failed: boom", board: null, missing: [] });
    expect(explainResults({ ...base, status: "running" }, noJudge)).toMatchObject({ status: "scoring", board: null });
  });

  it("a PersonalLLM upload links its track's view", () => {
    const result = explainResults({ ...base, track: "personalllm/rewards", benchmark: "personalllm" }, noJudge);
    expect(result.board?.href).toBe("/benchmarks/personalllm/rewards?q=My+model");
    expect(result.missing[0]?.reason).toMatch(/no reward-model service is configured on this server/);
  });
});
