import { describe, expect, test } from "vitest";
import { readTask3Prediction } from "./read-task3-prediction";

describe("readTask3Prediction is lenient in reading", () => {
  test.each([
    ["row object", { benchmark_id: "b", selected_memory_id: "c1", answer: "A", reason: "R" }, "c1"],
    ["id with outer spaces is trimmed", { selected_memory_id: "  c1\n" }, "c1"],
    ["numeric id", { selected_memory_id: 7 }, "7"],
    ["nested selected_memory", { selected_memory: { memory_id: "c2" } }, "c2"],
    ["JSON string", '{"selected_memory_id": "c3"}', "c3"],
    ["fenced JSON", 'Sure!\n```json\n{"selected_memory_id": "c4", "answer": "x"}\n```', "c4"],
    ["JSON in prose", 'I pick {"selected_memory_id": "c5"} because…', "c5"],
    ["fenced JSON pasted into the id field", { selected_memory_id: '```json\n{"selected_memory_id": "c6"}\n```' }, "c6"],
    ["raw reply in answer", { answer: '```{"selected_memory_id":"c7"}```' }, "c7"],
    ["nothing usable", { answer: "I don't know" }, null],
    ["not JSON at all", "c8 is my answer", null],
    ["a list", ["c9"], null],
    ["empty id", { selected_memory_id: "   " }, null],
  ])("%s", (_n, input, want) => {
    const r = readTask3Prediction(input);
    expect(r.selectedMemoryId).toBe(want);
    expect(r.problems.length > 0).toBe(want === null);
  });

  test("answer and reason are carried from fenced JSON", () => {
    expect(readTask3Prediction('```json\n{"selected_memory_id":"c1","answer":"A","reason":"R"}\n```')).toMatchObject({ answer: "A", reason: "R" });
  });
});
