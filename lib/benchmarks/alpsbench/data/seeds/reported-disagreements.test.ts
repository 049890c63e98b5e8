import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { PAPER_FIGURES } from "@/lib/benchmarks/alpsbench/data/seeds/published/paper-figures";
import { otherReportedFigure, reportedDisagreements } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-disagreements";

const REPORTED = path.resolve(import.meta.dirname, "../../../../../../shared/data/alpsbench/reported");

describe("reported figures the paper and the official site disagree on", () => {
  test("77 cells, each with the figure shown (ranked by) and the paper's", () => {
    const all = reportedDisagreements();
    expect(all.size).toBe(77);
    expect(all.get("gpt-5-2|task1|f1")).toEqual({ value: 0.672, source: "AlpsBench paper, Table 2", shown: 0.3853, shownSource: "Official AlpsBench leaderboard" });
    // Tables 2 and 4 print the same GPT-4.1-mini PA, both against the site's
    expect(otherReportedFigure("gpt-4-1-mini", "task4/ability1", "score")).toEqual({ value: 0.4112, source: "AlpsBench paper, Table 2; AlpsBench paper, Table 4" });
    // agreeing figures are not listed: Table 3's GPT-4.1-mini F1 is the site's
    expect(otherReportedFigure("gpt-4-1-mini", "task1", "precision")).toBeNull();
    // the EI headline is shown from Table 2; Table 4 prints another Chinese EI for the same model
    expect(otherReportedFigure("gpt-4-1-mini", "task4/ability5", "ei_zh")).toEqual({ value: 2.87, source: "AlpsBench paper, Table 4" });
  });

  test.skipIf(!existsSync(REPORTED))("the transcription equals the paper tables in shared/data/alpsbench/reported", () => {
    const table2 = parse(readFileSync(path.join(REPORTED, "paper-table2-general-llms.csv"), "utf8"), { columns: true }) as Record<string, string>[];
    const gpt52 = table2.find((r) => r.model === "GPT-5.2")!;
    const ours = (track: string, metric: string) => PAPER_FIGURES.find(([s, src, t, m]) => s === "gpt-5-2" && src === "paperT2" && t === track && m === metric)?.[4];
    expect(ours("task1", "f1")).toBe(Number(gpt52.task1_f1));
    expect(ours("task3/d1000", "judge_recall")).toBe(Number(gpt52.task3_recall_d1000));
    expect(ours("task4/ability4", "score")).toBe(Number(gpt52.task4_cf));
    const figures = table2.flatMap((r) => Object.entries(r).filter(([k, v]) => k !== "model" && !k.startsWith("task4_ei") && v !== "")).length;
    expect(PAPER_FIGURES.filter(([, src]) => src === "paperT2")).toHaveLength(figures);
  });
});
