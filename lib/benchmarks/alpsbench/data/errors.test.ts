import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DatasetError, describeZodIssue, formatJsonPath } from "./errors";

describe("DatasetError", () => {
  it("reads file, line and field in one sentence", () => {
    const withLine = new DatasetError({ code: "invalid_field", file: "model_input.jsonl", line: 17, field: "benchmark_id", message: "missing" });
    expect(withLine.message).toBe("model_input.jsonl line 17: field benchmark_id: missing");
    expect(withLine).toMatchObject({ name: "DatasetError", code: "invalid_field", file: "model_input.jsonl", line: 17, field: "benchmark_id", detail: "missing" });
    const whole = new DatasetError({
      code: "invalid_field",
      file: "packets/chunks/chunk_0003/sess_x.json",
      field: "task1.session_dir",
      message: "expected string, got number",
    });
    expect(whole.message).toBe("packets/chunks/chunk_0003/sess_x.json: field task1.session_dir: expected string, got number");
    expect(new DatasetError({ code: "missing_directory", file: "data", message: "directory not found" }).message).toBe("data: directory not found");
  });

  it.each([
    [["task1", "ground_truth_memories", 2, "value"], "task1.ground_truth_memories[2].value"],
    [[0, "a"], "[0].a"],
    [["weird key"], '["weird key"]'],
    [[], ""],
  ] as const)("formats the path %j as %s", (p, expected) => {
    expect(formatJsonPath(p)).toBe(expected);
  });

  it("describes zod issues as missing / expected X, got Y / allowed values", () => {
    const schema = z.object({ a: z.string(), b: z.array(z.number()), c: z.enum(["x", "y"]) });
    const describe = (raw: unknown) => {
      const result = schema.safeParse(raw);
      if (result.success) throw new Error("expected a failure");
      return describeZodIssue(result.error, raw, ["row"]);
    };
    expect(describe({ b: [], c: "x" })).toEqual({ field: "row.a", message: "missing" });
    expect(describe({ a: "s", b: [1, "2"], c: "x" })).toEqual({ field: "row.b[1]", message: "expected number, got string" });
    expect(describe({ a: null, b: [], c: "x" })).toEqual({ field: "row.a", message: "expected string, got null" });
    expect(describe({ a: "s", b: [], c: "z" })).toEqual({ field: "row.c", message: 'expected one of "x", "y", got "z"' });
  });
});
