import { describe, expect, it } from "vitest";
import {
  normalizeSelectedMemoryId,
  unwrapJsonText,
  validateMemoryItems,
  validateMemoryPredictionRow,
  validatePredictionRow,
  validateTask4PredictionRow,
} from "./validate-row";

describe("validatePredictionRow: envelopes are strict", () => {
  it.each([
    ["task1", null, "(root)", "expected object, got null"],
    ["task1", [], "(root)", "expected object, got array"],
    ["task1", { memory_items: [] }, "benchmark_id", "missing"],
    ["task1", { benchmark_id: "", memory_items: [] }, "benchmark_id", "must not be empty"],
    ["task2", { benchmark_id: "s", memory_items: "[]" }, "memory_items", "expected array, got string"],
    ["task2", { benchmark_id: 3, memory_items: [] }, "benchmark_id", "expected string, got number"],
    ["task4/ability1", { benchmark_id: "ability1_0" }, "responses", "missing"],
    ["task3/d100", { selected_memory_id: "m1" }, "benchmark_id", "missing"],
  ] as const)("%s %j → %s: %s", (track, raw, field, message) => {
    const result = validatePredictionRow(track, raw);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ field, message, fatal: true }]);
  });

  it("ignores unknown top-level keys", () => {
    const result = validatePredictionRow("task1", { benchmark_id: "x", memory_items: [], model: "m", extra: 1 });
    expect(result).toEqual({ ok: true, row: { benchmark_id: "x", memory_items: [] }, problems: [] });
  });
});

describe("memory items are checked one by one", () => {
  it("keeps good items, trims bad fields, drops non-objects, reports index and field", () => {
    const { items, problems } = validateMemoryItems([
      { memory_id: "p1", type: "direct", label: "Preferences/Food", value: "Likes tea", confidence: 0.8, evidence_text: "kept" },
      "just a string",
      { memory_id: 2, type: "indirect", label: 5, value: { nested: true }, confidence: {} },
      { label: null, value: "Label was null", confidence: "0.7" },
      null,
    ]);
    expect(items).toEqual([
      { memory_id: "p1", type: "direct", label: "Preferences/Food", value: "Likes tea", confidence: 0.8, evidence_text: "kept" },
      { memory_id: "2", type: "indirect", value: { nested: true } },
      { value: "Label was null", confidence: "0.7" },
    ]);
    expect(problems).toEqual([
      { field: "memory_items[1]", message: "expected object, got string (counts as a prediction that matches nothing)", fatal: false },
      { field: "memory_items[2].label", message: "expected string, got number (scored as its text)", fatal: false },
      { field: "memory_items[2].confidence", message: "expected number, got object (counts as missing: 1.0)", fatal: false },
      { field: "memory_items[4]", message: "expected object, got null (counts as a prediction that matches nothing)", fatal: false },
    ]);
  });

  it("accepts the real packets' LLM outputs (null label / confidence)", () => {
    const result = validateMemoryPredictionRow({
      benchmark_id: "sess_x__1",
      memory_items: [{ memory_id: "p1", type: "direct", label: null, value: "v", confidence: null, evidence_text: "" }],
    });
    expect(result.ok && result.problems).toEqual([]);
    expect(result.ok && result.row.memory_items[0]).toEqual({ memory_id: "p1", type: "direct", value: "v", evidence_text: "" });
  });
});

describe("Task 3 rows are read leniently, ids matched strictly", () => {
  it.each([
    ["m3", "m3"],
    [" m3 ", "m3"],
    [3, "3"],
    ['"m3"', "m3"],
    ['```json\n{"selected_memory_id": "m3"}\n```', "m3"],
    ['{"selected_memory_id": "M3"}', "M3"],
    ["", null],
    [null, null],
    [["m3"], null],
    ["{not json", null],
  ] as const)("%j → %j", (raw, expected) => {
    expect(normalizeSelectedMemoryId(raw)).toBe(expected);
  });

  it("a row with a missing id scores as a miss (non-fatal)", () => {
    const result = validatePredictionRow("task3/d300", { benchmark_id: "sess_1", answer: "a", reason: 4 });
    expect(result).toEqual({
      ok: true,
      row: { benchmark_id: "sess_1", selected_memory_id: null, answer: "a" },
      problems: [
        { field: "selected_memory_id", message: "missing (scores as a miss)", fatal: false },
        { field: "reason", message: "expected string, got number (ignored)", fatal: false },
      ],
    });
  });

  it("a whole row given as fenced JSON text counts", () => {
    const raw = '```json\n{"benchmark_id": "sess_1", "selected_memory_id": "c0a1", "answer": "x"}\n```';
    expect(unwrapJsonText(raw)).toEqual({ benchmark_id: "sess_1", selected_memory_id: "c0a1", answer: "x" });
    expect(validatePredictionRow("task3/d100", raw)).toMatchObject({ ok: true, row: { selected_memory_id: "c0a1" }, problems: [] });
  });
});

describe("Task 4 responses are checked one by one", () => {
  it("drops bad and duplicate responses with their index", () => {
    const result = validateTask4PredictionRow({
      benchmark_id: "english_1",
      responses: [
        { query_id: "english_1:0", response: "ok" },
        { query_id: "english_1:1" },
        "text",
        { query_id: "english_1:0", response: "again" },
        { query_id: "english_1:2", response: "" },
      ],
    });
    expect(result.ok && result.row.responses).toEqual([
      { query_id: "english_1:0", response: "ok" },
      { query_id: "english_1:2", response: "" },
    ]);
    expect(result.problems).toEqual([
      { field: "responses[1].response", message: "missing (response dropped)", fatal: false },
      { field: "responses[2]", message: "expected object, got string (response dropped)", fatal: false },
      { field: "responses[3].query_id", message: 'duplicate "english_1:0" (later response dropped)', fatal: false },
    ]);
  });
});
