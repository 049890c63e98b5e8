import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { breakdownMetricLabels, dimensionBreakdownCsv, instanceBreakdownCsv } from "./breakdown-csv";

const read = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];

describe("submission breakdown CSVs for people", () => {
  test("per instance: readable headers, figures at the metric's decimals, a UTF-8 BOM", () => {
    const csv = instanceBreakdownCsv(
      [
        { benchmark_id: "b1", track: "task1", split: "dev", predicted: true, f1: 0.4172780000000001, algo_score_100: 56.123456, selected_correct: 1 },
        { benchmark_id: "b2", track: "task1", split: "dev", predicted: false, f1: 0.5, algo_score_100: null, selected_correct: 0 },
      ],
      ["algo_score_100", "f1", "selected_correct"],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const records = read(csv);
    expect(Object.keys(records[0]!)).toEqual(["Benchmark id", "Track", "Split", "Predicted", "Score", "F1", "Selected correct"]);
    expect(records[0]).toMatchObject({ Predicted: "true", Score: "56.12", F1: "0.4173", "Selected correct": "1.0000" });
    expect(records[1]).toMatchObject({ Predicted: "false", Score: "", F1: "0.5000" });
  });

  test("per instance: the columns in the board's order whatever order the results stored them in, Score first", () => {
    const stored = ["f1", "recall", "precision", "direct_recall", "algo_score_100", "indirect_recall"];
    const csv = instanceBreakdownCsv([{ benchmark_id: "b1", track: "task1", split: "dev", predicted: true }], stored);
    expect(Object.keys(read(csv)[0]!).slice(4)).toEqual(["Score", "Precision", "Recall", "F1", "Direct recall", "Indirect recall"]);
  });

  test("per dimension: readable headers with the 95% interval and (n), rounded figures, the splits it covers", () => {
    const csv = dimensionBreakdownCsv(
      [
        {
          track: "task1",
          dimension: "Preferences",
          n: 3,
          metrics: { f1: { mean: 0.497, n: 3, ciLow: 0.41234, ciHigh: 0.58 }, algo_score_100: { mean: 41.7278, n: 2, ciLow: 30.111, ciHigh: 50.999 } },
        },
      ],
      ["f1", "algo_score_100"],
      "dev+validation",
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [record] = read(csv);
    expect(Object.keys(record!)[3]).toBe("Score");
    expect(record).toEqual({
      Track: "task1",
      Dimension: "Preferences",
      Instances: "3",
      Score: "41.73",
      "Score 95% CI low": "30.11",
      "Score 95% CI high": "51.00",
      "Score (n)": "2",
      F1: "0.4970",
      "F1 95% CI low": "0.4123",
      "F1 95% CI high": "0.5800",
      "F1 (n)": "3",
      Splits: "dev+validation",
    });
  });

  test("a metric's label follows the breakdown's track, and two metrics never share a header", () => {
    expect(breakdownMetricLabels(["recall"], ["task3/d100"]).get("recall")).toEqual({ label: "Recall (exact id)", decimals: 4 });
    expect(breakdownMetricLabels(["recall"], ["task1"]).get("recall")).toEqual({ label: "Recall", decimals: 4 });
    const both = breakdownMetricLabels(["score_x", "score x"], []);
    expect(new Set([...both.values()].map((l) => l.label)).size).toBe(2);
  });
});
