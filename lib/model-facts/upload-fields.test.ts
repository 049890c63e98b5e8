import { describe, expect, test } from "vitest";
import { parseUploadFields, systemOf } from "@/app/api/v1/submissions/_lib/upload-fields";
import { factsOfOptions } from "@/scripts/cli/system-facts";
import { modelFactProblems } from "./upload-fields";
import { ModelFacts } from "./facts";

describe("model facts at upload", () => {
  test("given facts and run cost reach the system input; absent ones are not set", () => {
    const parsed = parseUploadFields({
      task: "task1",
      model: "M",
      params_b: "8",
      active_params_b: "1.5",
      license: "Apache-2.0",
      release_date: "2024-07-23",
      model_url: "https://hf.co/m",
      cost_usd: "12.5",
      tokens: "1200000",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const system = systemOf(parsed.fields);
    expect(system.facts).toEqual({ paramsB: 8, activeParamsB: 1.5, license: "Apache-2.0", releaseDate: "2024-07-23", modelUrl: "https://hf.co/m" });
    expect(system.runCost).toEqual({ usd: 12.5, tokens: 1_200_000 });
    const bare = parseUploadFields({ task: "task1", model: "M" });
    expect(bare.ok && systemOf(bare.fields)).not.toHaveProperty("facts");
  });

  test.each([
    ["params_b", "8B", /number of billions/],
    ["params_b", "8000000000", /at most 100000/],
    ["license", "Apache 2.0", /SPDX-like id/],
    ["release_date", "23/07/2024", /YYYY-MM-DD/],
    ["model_url", "ftp://x", /http\(s\) URL/],
    ["tokens", "1.5", /whole number/],
    ["cost_usd", "ten", /number/],
  ])("a bad %s (%s) is refused with the field named", (field, value, message) => {
    const parsed = parseUploadFields({ task: "task1", model: "M", [field]: value });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toContainEqual({ field, message: expect.stringMatching(message) });
  });

  test("the admin CLI's options become facts; active parameters cannot exceed the total", () => {
    expect(factsOfOptions({ paramsB: "8", openWeights: true, license: "MIT", clear: ["release-date"] })).toEqual({
      paramsB: 8,
      openWeights: true,
      license: "MIT",
      releaseDate: null,
    });
    expect(() => factsOfOptions({ clear: ["colour"] })).toThrow(/--clear: unknown fact "colour"/);
    const parsed = ModelFacts.safeParse({ paramsB: 8, activeParamsB: 9 });
    expect(parsed.success).toBe(false);
  });

  test("active parameters above the total are refused at upload, naming active_params_b (an upload and a run)", () => {
    for (const run of [false, true] as const) {
      const raw = { ...(run ? {} : { task: "task1" }), model: "M", params_b: "8", active_params_b: "9" };
      const parsed = run ? parseUploadFields(raw, true) : parseUploadFields(raw);
      expect(parsed.ok, `run=${run}`).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.problems).toContainEqual({ field: "active_params_b", message: expect.stringMatching(/cannot exceed the total parameters \(params_b = 8\)/) });
    }
    expect(parseUploadFields({ task: "task1", model: "M", params_b: "8", active_params_b: "8" }).ok).toBe(true);
    expect(parseUploadFields({ task: "task1", model: "M", active_params_b: "9" }).ok).toBe(true);
  });

  test("the form's hints are the API's own messages, per field", () => {
    expect(modelFactProblems({ params_b: "8", active_params_b: "", license: "MIT" })).toEqual({});
    const problems = modelFactProblems({ params_b: "8B", release_date: "23/07/2024", tokens: "1200000" });
    expect(Object.keys(problems).sort()).toEqual(["params_b", "release_date"]);
    expect(problems.params_b).toMatch(/number of billions/);
    expect(modelFactProblems({ params_b: "8", active_params_b: "9" })).toEqual({ active_params_b: expect.stringMatching(/cannot exceed the total parameters/) });
  });
});
