import { describe, expect, test } from "vitest";
import { readTask3Prediction } from "./read-task3-prediction";
import { foldTask3Text, task3Hit } from "./task3-hit";

/** Readings of the authors' public checker (src/benchmark/metrics.py), and the one this server adds. */
const gold = {
  selected_memory_id: "c0a1b2c3d4e",
  selected_memory: { memory_id: "c0a1b2c3d4e", value: "Prioritizes phones with  excellent cameras", label: "Preferences/Shopping" },
  released: { benchmark_id: "sess_7234e2b7b872", selected_memory_id: "m3" },
};
const hit = (row: unknown, released = false) => task3Hit(readTask3Prediction(row), gold, released);

describe("task3Hit", () => {
  test("an id counts without regard to case or outer spacing", () => {
    expect(hit({ selected_memory_id: " C0A1B2C3D4E " })).toBe(true);
    expect(hit({ selected_memory_id: "M3" }, true)).toBe(true);
    expect(hit({ selected_memory_id: "m3" })).toBe(false);
  });

  test("with no id, the chosen memory's value counts after whitespace and case folding", () => {
    expect(hit({ selected_memory: { value: "  prioritizes PHONES with excellent\tcameras" } })).toBe(true);
    expect(hit({ selected_memory_value: "Prioritizes phones with excellent cameras" })).toBe(true);
    expect(hit({ selected_memory_value: "Prioritizes phones" })).toBe(false);
  });

  test("a row that gives an id is decided by its id, even beside the target's value", () => {
    expect(hit({ selected_memory_id: "c999", selected_memory_value: "Prioritizes phones with excellent cameras" })).toBe(false);
  });

  test("memory_key, a prediction wrapper and an id in a fenced answer are read", () => {
    expect(hit({ memory_key: "C0A1B2C3D4E" })).toBe(true);
    expect(hit({ benchmark_id: "x", prediction: { selected_memory_id: "c0a1b2c3d4e" } })).toBe(true);
    expect(hit({ answer: '```json\n{"selected_memory_id": "c0a1b2c3d4e"}\n```' })).toBe(true);
  });

  test("folding is the checker's normalize_text", () => {
    expect(foldTask3Text("  A\u00a0 b\n C ")).toBe("a b c");
    expect(foldTask3Text(3)).toBe("3");
    expect(foldTask3Text(null)).toBe("");
  });
});
