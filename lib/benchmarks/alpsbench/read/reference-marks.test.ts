import { describe, expect, test } from "vitest";
import type { Leaderboard, LeaderboardColumn, LeaderboardRow } from "@/lib/leaderboard/types";
import { BM25_SERVER_SLUG, withReferenceMarks } from "./reference-marks";
import { separateTask3Protocols } from "./task3-protocols";
import { TASK_VIEWS, viewFromSlug } from "./views";

const col = (id: string): LeaderboardColumn => ({ id, label: id, description: id, direction: "higher", decimals: 3, scale: "unit", kind: "judge" });
const cell = (value: number) => ({ value, n: 100, ciLow: null, ciHigh: null, judgeProfile: null });
const row = (slug: string, tier: LeaderboardRow["tier"], cells: LeaderboardRow["cells"], kind: LeaderboardRow["kind"] = "general_llm"): LeaderboardRow => ({
  rowId: slug,
  systemSlug: slug,
  systemName: slug === BM25_SERVER_SLUG ? "BM25 (computed here)" : slug,
  organisation: null,
  kind,
  backbone: null,
  openWeights: null,
  tier,
  sourceLabel: null,
  sourceUrl: null,
  note: null,
  submissionId: tier === "reported" ? null : slug,
  cells,
});

/** A Task 3 pool size's board as the read model builds it: BM25 computed here, a paper row, uploads */
const d100: Leaderboard = {
  id: "task3-d100",
  title: "d100",
  split: "full",
  defaultSort: "judge_recall",
  columns: [col("judge_recall"), col("recall")],
  rows: [
    row(BM25_SERVER_SLUG, "rescored", { recall: cell(0.2513) }, "baseline"),
    row("paper-weak", "reported", { judge_recall: cell(0.2) }),
    row("upload-below", "submitted", { recall: cell(0.2511) }),
    // equal to BM25 at the shown precision (0.251): does not beat it
    row("upload-equal", "submitted", { recall: cell(0.2514) }),
    row("upload-above", "submitted", { recall: cell(0.4) }),
  ],
  notes: [],
};

describe("withReferenceMarks: every Task 3 row below the server's BM25 says so, whatever its tier", () => {
  test("on the authors' protocol (one column): an upload and a paper row below BM25 are marked alike, with BM25's figure at the shown precision", () => {
    const view = viewFromSlug("task3-d100")!;
    const board = withReferenceMarks(separateTask3Protocols(d100, "server-pools-v4", { trackBoard: true, authorsProtocol: true }), view);
    const mark = (slug: string) => board.rows.find((r) => r.systemSlug === slug)!.belowBaseline ?? null;
    expect(mark("upload-below")).toEqual({ system: "BM25 (computed here)", column: "reported", value: 0.251 });
    expect(mark("upload-equal")).toMatchObject({ system: "BM25 (computed here)" });
    expect(mark("paper-weak")).toMatchObject({ system: "BM25 (computed here)" });
    expect(mark("upload-above")).toBeNull();
    expect(mark(BM25_SERVER_SLUG)).toBeNull();
  });

  test("on the server's own pools (protocols apart) the mark is on the exact-id column, where BM25 and the uploads stand", () => {
    const board = withReferenceMarks(separateTask3Protocols(d100, "server-pools-v3", { trackBoard: true }), viewFromSlug("task3-d100")!);
    expect(board.rows.find((r) => r.systemSlug === "upload-below")!.belowBaseline).toMatchObject({ column: "recall" });
    expect(board.rows.find((r) => r.systemSlug === "upload-above")!.belowBaseline ?? null).toBeNull();
  });

  test("Task 3's view of every pool size marks by the smallest pool a row is below BM25 on", () => {
    const multi: Leaderboard = {
      ...d100,
      id: "task3",
      defaultSort: "task3/d100:recall",
      columns: [col("task3/d100:recall"), col("task3/d1000:recall")],
      rows: [
        row(BM25_SERVER_SLUG, "rescored", { "task3/d100:recall": cell(0.25), "task3/d1000:recall": cell(0.1) }, "baseline"),
        row("below-both", "submitted", { "task3/d100:recall": cell(0.2), "task3/d1000:recall": cell(0.05) }),
        row("below-d1000", "submitted", { "task3/d100:recall": cell(0.3), "task3/d1000:recall": cell(0.05) }),
      ],
    };
    const board = withReferenceMarks(multi, TASK_VIEWS.task3);
    expect(board.rows.find((r) => r.systemSlug === "below-both")!.belowBaseline).toMatchObject({ column: "task3/d100:recall" });
    expect(board.rows.find((r) => r.systemSlug === "below-d1000")!.belowBaseline).toMatchObject({ column: "task3/d1000:recall" });
  });
});
