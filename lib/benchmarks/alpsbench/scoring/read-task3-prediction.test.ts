import { describe, expect, test } from "vitest";
import { readTask3Prediction } from "./read-task3-prediction";
import { task3Recall } from "./task3-recall";

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

describe("task3Recall is strict in matching ids", () => {
  test.each([
    ["exact id", "c1", { selected_memory_id: "c1" }, true],
    ["case differs", "c1", { selected_memory_id: "C1" }, false],
    ["other id", "c1", { selected_memory_id: "c2" }, false],
    ["missing row", "c1", undefined, false],
  ])("%s", (_n, goldId, prediction, hit) => {
    expect(task3Recall([{ goldId, prediction }]).hits).toEqual([hit]);
  });

  test("recall is the share of hits, missing rows count as wrong", () => {
    const r = task3Recall([
      { goldId: "a", prediction: { selected_memory_id: "a" } },
      { goldId: "b", prediction: '```json\n{"selected_memory_id":"b"}\n```' },
      { goldId: "c", prediction: null },
      { goldId: "d", prediction: { selected_memory_id: "x" } },
    ]);
    expect(r).toMatchObject({ n: 4, correct: 2, recall: 0.5 });
    expect(task3Recall([]).recall).toBeNull();
  });
});
