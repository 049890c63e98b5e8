import { describe, expect, test } from "vitest";
import { formatMetric } from "@/lib/leaderboard/format";
import { noisedDecimals } from "./noised-figure";
import { packBoard, unpackBoard } from "./packed-board";
import type { MetricCell } from "./types";
import { testRow } from "@/tests/fixtures/leaderboard-rows";

describe("a noised test figure is shown at its real resolution", () => {
  test("its rounding step's decimals, never more than the column's; exact figures keep the column's", () => {
    expect(formatMetric(0.42, noisedDecimals({ noised: { step: 0.01 } }, 4))).toBe("0.42");
    expect(formatMetric(43, noisedDecimals({ noised: { step: 1 } }, 2))).toBe("43");
    expect(noisedDecimals({ noised: { step: 0.001 } }, 2)).toBe(2);
    expect(noisedDecimals({ noised: { step: null } }, 4)).toBe(4);
    expect(noisedDecimals({}, 4)).toBe(4);
    expect(noisedDecimals(undefined, 4)).toBe(4);
  });
});

describe("the noise mark survives the page payload", () => {
  test("packBoard keeps a noised cell's step (and a step-less noised cell), and leaves exact cells unmarked", () => {
    const cell = (value: number, noised?: { step: number | null }) => ({
      value,
      n: 1364,
      ciLow: value - 0.03,
      ciHigh: value + 0.03,
      judgeProfile: null,
      previous: null,
      ...(noised ? { noised } : {}),
    });
    const row = (slug: string, f1: MetricCell) => testRow(`${slug}~submitted`, { systemSlug: slug, systemName: "S", tier: "submitted", flag: null, cells: { f1 } });
    const board = {
      id: "task1",
      title: "Task 1",
      split: "test",
      defaultSort: "f1",
      columns: [{ id: "f1", label: "F1", direction: "higher" as const, decimals: 4, kind: "deterministic" as const, scale: "unit" as const, description: "" }],
      rows: [row("a", cell(0.42, { step: 0.01 })), row("b", cell(0.41, { step: null })), row("c", cell(0.4012))],
      notes: [],
    };
    const back = unpackBoard(packBoard(board as never));
    expect(back.rows.map((r) => r.cells.f1!.noised ?? null)).toEqual([{ step: 0.01 }, { step: null }, null]);
  });
});
