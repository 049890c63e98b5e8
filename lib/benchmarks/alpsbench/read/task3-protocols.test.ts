import { describe, expect, test } from "vitest";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { parseTableQuery } from "@/lib/leaderboard/table-state";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";
import { separateTask3Protocols } from "./task3-protocols";

const col = (id: string, label: string): LeaderboardColumn => ({
  id,
  label,
  description: label,
  direction: "higher",
  decimals: 3,
  scale: "unit",
  kind: "judge",
  group: "d100",
});
const cell = (value: number) => ({ value, n: 100, ciLow: null, ciHigh: null, judgeProfile: null });
const row = (rowId: string, tier: LeaderboardRow["tier"], cells: LeaderboardRow["cells"]): LeaderboardRow => ({
  rowId,
  systemSlug: rowId,
  systemName: rowId,
  organisation: null,
  kind: tier === "reported" ? "general_llm" : "general_llm",
  backbone: null,
  openWeights: null,
  tier,
  sourceLabel: null,
  sourceUrl: null,
  note: null,
  submissionId: tier === "reported" ? null : rowId,
  cells,
});

const board: Leaderboard = {
  id: "task3",
  title: "Task 3",
  split: "full",
  defaultSort: "task3/d100:judge_recall",
  columns: [col("task3/d100:judge_recall", "Recall (judge)"), col("task3/d100:recall", "Recall (exact id)")],
  rows: [
    row("paper-llm", "reported", { "task3/d100:judge_recall": cell(0.95) }),
    row("paper-bm25", "reported", { "task3/d100:recall": cell(0.26) }),
    row("upload", "submitted", { "task3/d100:judge_recall": cell(0.5), "task3/d100:recall": cell(0.4) }),
    row("upload-2", "submitted", { "task3/d100:recall": cell(0.3) }),
    row("claim", "claimed", { "task3/d100:recall": cell(0.9) }),
  ],
  notes: [],
};

describe("separateTask3Protocols", () => {
  test("reported figures get a column of their own; each column ranks only its own protocol's figures", () => {
    const out = separateTask3Protocols(board, "server-pools-v3");
    expect(out.columns.map((c) => c.id)).toEqual(["task3/d100:reported", "task3/d100:judge_recall", "task3/d100:recall"]);
    expect(out.columns.find((c) => c.id === "task3/d100:recall")!.label).toBe("Recall (exact id) · server pools");
    expect(out.defaultSort).toBe("task3/d100:reported");
    const byId = new Map(out.rows.map((r) => [r.rowId, r]));
    expect(byId.get("paper-llm")!.cells).toEqual({ "task3/d100:reported": cell(0.95) });
    expect(byId.get("paper-bm25")!.cells).toEqual({ "task3/d100:reported": cell(0.26) });
    expect(byId.get("upload")!.cells["task3/d100:reported"]).toBeUndefined();
    // a third party's claim was measured outside this server too: beside the paper's, never on the server's pools
    expect(byId.get("claim")!.cells).toEqual({ "task3/d100:reported": cell(0.9) });
    const ranks = (sort: string) => {
      const q = parseTableQuery({ sort });
      if (!q.ok) throw new Error(q.issues.join());
      const t = applyTableQuery(out, q.query);
      return Object.fromEntries([...t.ranks].filter(([, r]) => r !== null));
    };
    expect(ranks("task3/d100:reported")).toEqual({ "paper-llm": 1, claim: 2, "paper-bm25": 3 });
    expect(ranks("task3/d100:judge_recall")).toEqual({ upload: 1 });
    expect(ranks("task3/d100:recall")).toEqual({ upload: 1, "upload-2": 2 });
    expect(out.notes.at(-1)).toMatch(/one ranking per protocol.*server-pools-v3/);
  });

  test("on the authors' protocol (server-pools-v4) the paper's figures and the server's share one column and one rank", () => {
    const out = separateTask3Protocols(board, "server-pools-v4", { authorsProtocol: true });
    expect(out.columns.find((c) => c.id === "task3/d100:reported")!.label).toBe("Recall · authors' pools");
    expect(out.defaultSort).toBe("task3/d100:reported");
    const byId = new Map(out.rows.map((r) => [r.rowId, r]));
    // a row scored here keeps its own columns and gets its figure in the shared one
    expect(byId.get("upload")!.cells["task3/d100:reported"]).toEqual(byId.get("upload")!.cells["task3/d100:judge_recall"]);
    expect(byId.get("upload-2")!.cells["task3/d100:reported"]).toEqual(byId.get("upload-2")!.cells["task3/d100:recall"]);
    expect(byId.get("paper-llm")!.cells).toEqual({ "task3/d100:reported": cell(0.95) });
    const q = parseTableQuery({ sort: "task3/d100:reported" });
    if (!q.ok) throw new Error(q.issues.join());
    const ranked = [...applyTableQuery(out, q.query).ranks].filter(([, r]) => r !== null).map(([id]) => id);
    expect(ranked).toEqual(expect.arrayContaining(["paper-llm", "paper-bm25", "upload", "upload-2", "claim"]));
    expect(out.notes.at(-1)).toMatch(/one protocol here.*judge recall/);
  });

  test("a single pool size's board (metric ids without a track) when asked; other boards unchanged", () => {
    const track = {
      ...board,
      defaultSort: "judge_recall",
      columns: [col("judge_recall", "Recall (judge)"), col("recall", "Recall (exact id)")],
      rows: [row("p", "reported", { judge_recall: cell(0.9) })],
    };
    expect(separateTask3Protocols(track, "x").columns).toHaveLength(2);
    const out = separateTask3Protocols(track, "x", { trackBoard: true });
    expect(out.rows[0]!.cells).toEqual({ reported: cell(0.9) });
    expect(out.defaultSort).toBe("reported");
  });
});
