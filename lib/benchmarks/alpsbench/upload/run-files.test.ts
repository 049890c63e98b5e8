import { describe, expect, it } from "vitest";
import { hasOfficialName, isIgnoredRunFile, placeOfRunFile } from "./run-files";

describe("placeOfRunFile", () => {
  it("reads the official layout at any depth", () => {
    expect(placeOfRunFile("task1/predictions.jsonl")).toEqual({ track: "task1", split: null });
    expect(placeOfRunFile("run/task4_ability2/predictions.jsonl")).toEqual({ track: "task4/ability2", split: null });
    expect(placeOfRunFile("benchmark_data/test/task3/d300/predictions.jsonl")).toEqual({ track: "task3/d300", split: "test" });
    expect(placeOfRunFile("out/dev/task3_d1000/predictions.jsonl.gz")).toEqual({ track: "task3/d1000", split: "dev" });
    expect(placeOfRunFile("task4/ability5/predictions.json")).toEqual({ track: "task4/ability5", split: null });
  });
  it("reads a file named after its track", () => {
    expect(placeOfRunFile("task3_d300.jsonl")).toEqual({ track: "task3/d300", split: null });
    expect(placeOfRunFile("preds/task2.jsonl.gz")).toEqual({ track: "task2", split: null });
    expect(placeOfRunFile("test/task3/d500.jsonl")).toEqual({ track: "task3/d500", split: "test" });
  });
  it("gives null when nothing names a track", () => {
    expect(placeOfRunFile("predictions.jsonl")).toBeNull();
    expect(placeOfRunFile("task9/predictions.jsonl")).toBeNull();
    expect(placeOfRunFile("d300/predictions.jsonl")).toBeNull();
    expect(placeOfRunFile("task1/model_input.jsonl")).toBeNull();
  });
  it("ignores archivers' metadata and non-JSON files", () => {
    expect(isIgnoredRunFile("__MACOSX/task1/._predictions.jsonl")).toBe(true);
    expect(isIgnoredRunFile("task1/.predictions.jsonl")).toBe(true);
    expect(isIgnoredRunFile("README.md")).toBe(true);
    expect(isIgnoredRunFile("task1/predictions.jsonl")).toBe(false);
    expect(hasOfficialName("a/predictions.jsonl.gz")).toBe(true);
    expect(hasOfficialName("a/task1.jsonl")).toBe(false);
  });
});
