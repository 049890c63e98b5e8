import { alpsBench } from "../index";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
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

  it("the hooks: a client sends every possible prediction file and the server decides (ignores with a note, or refuses)", () => {
    const { runFile, sendsRunFile } = capabilitiesOf(alpsBench).upload.runs!;
    // a client of another release never leaves out a file the server would have listed or refused
    for (const path of ["outputs/model_a.jsonl", "task1/model_input.jsonl", "task1/predictions.jsonl", "task3_d300.jsonl"])
      expect(sendsRunFile(path), path).toBe(true);
    for (const path of ["README.md", "__MACOSX/task1/._predictions.jsonl", "task1/.predictions.jsonl"]) expect(sendsRunFile(path), path).toBe(false);
    expect(runFile("out/task4_ability2/predictions.jsonl")).toEqual({ kind: "placed", track: "task4/ability2", split: null });
    expect(runFile("outputs/model_a.jsonl")).toEqual({ kind: "ignored" });
    expect(runFile("predictions.jsonl")).toMatchObject({ kind: "refused", message: expect.stringContaining("task4_ability2/") });
    expect(runFile("README.md")).toEqual({ kind: "ignored" });
  });

  it('"." segments are no hidden files: dev/./task1/predictions.jsonl is the dev Task 1 file; a ".." path is refused (issue 19 finding 11)', () => {
    const { runFile, sendsRunFile } = capabilitiesOf(alpsBench).upload.runs!;
    expect(isIgnoredRunFile("dev/./task1/predictions.jsonl")).toBe(false);
    expect(sendsRunFile("./dev/task1/predictions.jsonl")).toBe(true);
    expect(runFile("dev/./task1/predictions.jsonl")).toEqual({ kind: "placed", track: "task1", split: "dev" });
    expect(runFile("./task3/./d300/predictions.jsonl")).toEqual({ kind: "placed", track: "task3/d300", split: null });
    expect(runFile("dev/../task1/predictions.jsonl")).toMatchObject({ kind: "refused", message: expect.stringContaining('".."') });
    // still hidden: a dot file or folder
    expect(isIgnoredRunFile("dev/.cache/task1/predictions.jsonl")).toBe(true);
  });
});
