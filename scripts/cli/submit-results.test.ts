import { describe, expect, it } from "vitest";
import { explainResults } from "@/lib/submissions/explain-results";
import { formatQuota, formatResults, type Status } from "./submit";

const status = (over: Partial<Status>): Status => ({
  id: "sub9",
  status: "done",
  failureReason: null,
  progress: { done: 5, total: 5, judge: { done: 0, cached: 0, failed: 0 } },
  metrics: {},
  ...over,
});

const explain = (over: { track: string; split: string; note: string | null; scores: { metric: string; value: null }[] }, judgeConfigured: boolean) =>
  explainResults(
    {
      id: "sub9",
      benchmark: "alpsbench-v1",
      status: "done",
      failureReason: null,
      visibility: "public",
      hidden: false,
      flag: null,
      systemName: "Starter",
      ...over,
    },
    { judgeConfigured, rewardServiceConfigured: false },
  );

describe("submit --wait prints what each figure means", () => {
  it("a Task 4 track on a server without a judge: the metric, why it is missing, and where the row shows", () => {
    const explanation = explain({ track: "task4/ability2", split: "dev", note: null, scores: [] }, false);
    const lines = formatResults(status({ explanation }), "http://127.0.0.1:3000", "task4/ability2 (dev)");
    expect(lines[0]).toBe(`${explanation.label}: done`);
    expect(lines.join("\n")).not.toMatch(/no metrics|not judged {2}/);
    expect(lines.some((l) => /^score\s+—/.test(l))).toBe(true);
    const reason =
      "waiting for a judge: no LLM judge is configured on this server (its operator sets JUDGE_BASE_URL and JUDGE_MODEL (and JUDGE_API_KEY if the endpoint needs one) and restarts the worker, which judges every upload waiting for one)";
    expect(lines).toContain(`  ${explanation.figures.map((f) => f.label).join(", ")}: ${reason}`);
    expect(lines.at(-1)).toBe("  its row: http://127.0.0.1:3000/tasks/task4?split=dev&q=Starter (AlpsBench board, dev split)");
  });

  it('a withheld figure is not called "not judged"', () => {
    const explanation = explain(
      { track: "task3/d100", split: "test", note: "recall withheld on the test split", scores: [{ metric: "recall", value: null }] },
      true,
    );
    const metrics = { recall: { value: null, n: 10, ciLow: null, ciHigh: null, judgeProfile: null } };
    const text = formatResults(status({ metrics, explanation }), "http://x.test", "t").join("\n");
    expect(text).toContain("Recall (exact id): withheld: recall withheld on the test split");
    expect(text).not.toContain("not judged  ");
  });
});

describe("submit prints what is left of the limits after an accepted upload", () => {
  it("test answers left today and this month, and when the next is allowed", () => {
    expect(
      formatQuota({
        uploads: { perDay: 20, leftToday: 19 },
        test: { perDay: 2, perMonth: 6, leftToday: 0, leftMonth: 4, nextAllowedAt: "2026-12-03T05:00:00.000Z" },
      }),
    ).toBe(
      "quota: 19 of 20 uploads left today; test answers: 0 of 2 left today, 4 of 6 left this month (30 days); next test answer allowed from 2026-12-03T05:00:00.000Z. Dev and validation uploads spend no test answer.",
    );
    expect(formatQuota({ uploads: { perDay: 20, leftToday: 20 }, test: null })).toBe(
      "quota: 20 of 20 uploads left today; this benchmark's test split is not limited.",
    );
    expect(formatQuota(undefined)).toBeNull();
  });
});
