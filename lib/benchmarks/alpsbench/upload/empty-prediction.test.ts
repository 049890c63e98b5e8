import { describe, expect, test } from "vitest";
import { isEmptyPrediction } from "./empty-prediction";
import { validatePredictionRow } from "./validate-row";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** The validated row of `raw` for `track`, as upload validation sees it. */
function empty(track: TrackId, raw: unknown): boolean {
  const checked = validatePredictionRow(track, raw);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return isEmptyPrediction(track, checked.row);
}

const item = { memory_id: "m1", type: "direct", label: "Personal_Background/Pets", value: "Has a dog", confidence: 0.9 };

describe("isEmptyPrediction: the per-track empty prediction", () => {
  test.each([
    ["task1", { benchmark_id: "a", memory_items: [] }, true],
    ["task1", { benchmark_id: "a", memory_items: [item] }, false],
    ["task2", { benchmark_id: "a", memory_items: [] }, true],
    ["task2", { benchmark_id: "a", memory_items: [item] }, false],
    ["task3/d500", { benchmark_id: "a", answer: "x", reason: "", selected_memory_id: null }, true],
    ["task3/d500", { benchmark_id: "a", answer: "x", reason: "", selected_memory_id: "" }, true],
    ["task3/d500", { benchmark_id: "a", answer: "", reason: "", selected_memory_id: "c123" }, false],
    ["task4/ability1", { benchmark_id: "a", answer: "  ", used_memory_fact: "" }, true],
    ["task4/ability1", { benchmark_id: "a", answer: "Sure: ...", used_memory_fact: "" }, false],
    ["task4/ability5", { benchmark_id: "a", responses: [] }, true],
    ["task4/ability5", { benchmark_id: "a", responses: [{ query_id: "a:1", response: "I hear you" }] }, false],
  ] as const)("%s %j -> %s", (track, raw, expected) => {
    expect(empty(track, raw)).toBe(expected);
  });
});
