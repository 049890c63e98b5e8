import { describe, expect, test } from "vitest";
import { inputSections, memoryItemsOf, memoryItemView } from "./submission-instance-view";

const turn = (role: string, text: string) => ({ role, text });

describe("inputSections", () => {
  test.each([
    { name: "task1 dialogue", task: "task1", input: { dialogue: [turn("user", "hi")] }, titles: ["Dialogue"] },
    {
      name: "task2 both dialogues and the pool",
      task: "task2",
      input: { old_dialogue: [turn("user", "a")], new_dialogue: [turn("user", "b")], memory: [{ memory_id: "m1", label: "A/B", value: "v", type: "direct" }] },
      titles: ["Earlier dialogue", "New dialogue", "Memory before the update"],
    },
    { name: "task3 question and candidate count", task: "task3", input: { query: "what tea?", candidate_count: 101 }, titles: ["Question", "Candidates"] },
    {
      name: "task4 queries and history",
      task: "task4",
      input: { queries: [{ query_id: "q:1", query: "hello" }], dialogue_history: [turn("user", "x")] },
      titles: ["Queries", "Dialogue history"],
    },
    { name: "not an object: its JSON text", task: "task1", input: [1, 2], titles: ["Input"] },
  ])("$name", ({ task, input, titles }) => {
    expect(inputSections(task, input).map((s) => s.title)).toEqual(titles);
  });

  test("a dialogue of the wrong shape is shown as text, not dropped", () => {
    const [section] = inputSections("task1", { dialogue: "just a string" });
    expect(section).toEqual({ title: "Dialogue", text: "just a string" });
  });
});

describe("memoryItemView", () => {
  test("fields as text; a non-object item is its JSON text", () => {
    expect(memoryItemView({ memory_id: "m1", label: "A/B", value: "likes tea", type: "direct", confidence: 0.9 })).toEqual({
      id: "m1",
      label: "A/B",
      value: "likes tea",
      type: "direct",
      confidence: "0.9",
    });
    expect(memoryItemView(["a"])).toEqual({ id: null, label: "", value: '["a"]', type: "", confidence: "" });
    expect(memoryItemView({ value: { k: 1 } }).value).toBe('{"k":1}');
  });

  test("memoryItemsOf reads memory_items or nothing", () => {
    expect(memoryItemsOf({ memory_items: [1] })).toEqual([1]);
    expect(memoryItemsOf({ memory_items: "x" })).toEqual([]);
    expect(memoryItemsOf(null)).toEqual([]);
  });
});
