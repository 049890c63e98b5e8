// Tests of the upload route's field schema (app/api/v1/submissions/_lib/upload-fields.ts). They sit here because the
// unit project only collects lib/, components/ and scripts/.
import { describe, expect, test } from "vitest";
import { describeFieldProblems, parseIdempotencyKey, parseUploadFields, systemOf } from "@/app/api/v1/submissions/_lib/upload-fields";

describe("upload fields", () => {
  test("defaults: split full, benchmark alpsbench-v1, kind general_llm, visibility public", () => {
    const parsed = parseUploadFields({ task: "task1", model: "GPT-5.2" });
    expect(parsed).toEqual({
      ok: true,
      fields: { task: "task1", model: "GPT-5.2", split: "full", benchmark: "alpsbench-v1", kind: "general_llm", visibility: "public" },
    });
  });

  test.each([
    ["task1", "task1"],
    ["task3/d300", "task3/d300"],
    ["task3-d300", "task3/d300"],
    ["TASK4-ability2", "task4/ability2"],
    // the official harness's names (SCORING.md, "The official prediction contract")
    ["task3_d1000", "task3/d1000"],
    ["task4_ability5", "task4/ability5"],
  ])("track %s reads as %s", (given, track) => {
    const parsed = parseUploadFields({ task: given, model: "m" });
    expect(parsed.ok && parsed.fields.task).toBe(track);
  });

  test("a registered benchmark module's track is read against the module (and an AlpsBench name is not one of them)", () => {
    const rewards = parseUploadFields({ task: "rewards", model: "m", benchmark: "personalllm" });
    expect(rewards).toMatchObject({ ok: true, fields: { task: "rewards", benchmark: "personalllm" } });
    expect(parseUploadFields({ task: "task1", model: "m", benchmark: "personalllm" })).toEqual({
      ok: false,
      problems: [{ field: "task", message: 'unknown PersonalLLM track "task1"; known: rewards, selection' }],
    });
    expect(parseUploadFields({ task: "rewards", model: "m" })).toMatchObject({
      ok: false,
      problems: [{ field: "task", message: expect.stringContaining('unknown track "rewards"') }],
    });
  });

  test("every optional field, with empty strings counting as absent", () => {
    const parsed = parseUploadFields({
      task: "task2",
      model: "  MemSys  ",
      split: "dev",
      benchmark: "demo",
      organisation: "Lab",
      kind: "memory_system",
      backbone: "",
      paper_url: "https://arxiv.org/abs/1",
      code_url: "http://github.com/x/y",
      open_weights: "true",
      visibility: "private",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields).toMatchObject({ model: "MemSys", split: "dev", benchmark: "demo", open_weights: true, visibility: "private" });
    expect(parsed.fields.backbone).toBeUndefined();
    expect(systemOf(parsed.fields)).toEqual({
      name: "MemSys",
      organisation: "Lab",
      kind: "memory_system",
      backbone: null,
      paperUrl: "https://arxiv.org/abs/1",
      codeUrl: "http://github.com/x/y",
      openWeights: true,
      description: null,
    });
  });

  test.each([
    ["a missing task", { model: "m" }, "task", "is required"],
    ["a missing model", { task: "task1" }, "model", "is required"],
    ["an unknown track", { task: "task9", model: "m" }, "task", 'unknown track "task9"'],
    ["a bad split", { task: "task1", model: "m", split: "train" }, "split", "must be full, dev, validation or test"],
    ["a bad kind", { task: "task1", model: "m", kind: "robot" }, "kind", "must be general_llm"],
    ["a javascript: URL", { task: "task1", model: "m", paper_url: "javascript:alert(1)" }, "paper_url", "http(s) URL"],
    ["a non-URL", { task: "task1", model: "m", code_url: "github" }, "code_url", "http(s) URL"],
    ["a bad boolean", { task: "task1", model: "m", open_weights: "maybe" }, "open_weights", '"true" or "false"'],
    ["a bad visibility", { task: "task1", model: "m", visibility: "secret" }, "visibility", "public or private"],
    ["a bad benchmark slug", { task: "task1", model: "m", benchmark: "../etc" }, "benchmark", "benchmark slug"],
    ["a too long model name", { task: "task1", model: "x".repeat(121) }, "model", "at most 120"],
    ["a typo'd field", { task: "task1", model: "m", modle: "x" }, "modle", "unknown field"],
  ])("names the field for %s", (_label, raw, field, message) => {
    const parsed = parseUploadFields(raw as Record<string, string>);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const problem = parsed.problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(parsed.problems)).toBeDefined();
    expect(problem!.message).toContain(message);
    expect(describeFieldProblems(parsed.problems)).toContain(`field "${field}"`);
  });

  test("an unknown track and another bad field are both named (the track is checked against the benchmark after the fields parse)", () => {
    const parsed = parseUploadFields({ task: "task9", model: "m", open_weights: "maybe" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.field).sort()).toEqual(["open_weights", "task"]);
    // the whole message as before AlpsBench's tracks came through its declaration: every official name, one list
    expect(parsed.problems.find((p) => p.field === "task")!.message).toBe(
      'unknown track "task9"; known: task1, task2, task3_d100, task3_d300, task3_d500, task3_d700, task3_d1000, task4_ability1, task4_ability2, ' +
        "task4_ability3, task4_ability4, task4_ability5 (also written task3/d300 or task3-d300)",
    );
    const module = parseUploadFields({ task: "nope", model: "m", benchmark: "personalllm", open_weights: "maybe" });
    expect(module.ok ? [] : module.problems.map((p) => p.field).sort()).toEqual(["open_weights", "task"]);
  });

  test("Idempotency-Key: absent is fine, printable ASCII up to 200 characters is kept, anything else is refused", () => {
    expect(parseIdempotencyKey(null)).toEqual({ ok: true, key: null });
    expect(parseIdempotencyKey(" 3f1c-retry ")).toEqual({ ok: true, key: "3f1c-retry" });
    expect(parseIdempotencyKey("").ok).toBe(false);
    expect(parseIdempotencyKey("has space").ok).toBe(false);
    expect(parseIdempotencyKey("x".repeat(201)).ok).toBe(false);
    expect(parseIdempotencyKey("ключ").ok).toBe(false);
  });

  // each must be refused with its field: left through, they answer 500 (NUL), are stored as U+FFFD, or read as "given twice"
  test.each([
    ["model", { model: "a\u0000b" }, "U+0000"],
    ["organisation", { organisation: "x\u001b[31m" }, "U+001B"],
    ["model", { model: "line\nbreak" }, "U+000A"],
    ["model", { model: "M\ufffdM" }, "UTF-8"],
  ])("a control character or U+FFFD in %s is refused naming the field", (field, extra, message) => {
    const parsed = parseUploadFields({ task: "task1", model: "ok", ...extra });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]).toMatchObject({ field });
    expect(parsed.problems[0]!.message).toContain(message);
  });

  test("a description may hold line breaks and tabs", () => {
    expect(parseUploadFields({ task: "task1", model: "ok", description: "line 1\n\tline 2\r\n" }).ok).toBe(true);
  });

  test("fields named __proto__ or toString are unknown fields", () => {
    const raw = new Map([
      ["task", "task1"],
      ["model", "ok"],
      ["__proto__", "x"],
      ["toString", "y"],
    ]);
    const parsed = parseUploadFields(raw);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(describeFieldProblems(parsed.problems)).toMatch(/unknown field\(s\): __proto__, toString/);
  });
});

describe("the outside review's second pass: C1 controls and invisible names", () => {
  test("a C1 control (U+0085) in the model name is refused, naming the field", () => {
    const parsed = parseUploadFields({ task: "task1", model: "a\u0085b" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([{ field: "model", message: "contains the control character U+0085" }]);
  });

  test("a model name of only zero-width characters is refused", () => {
    const parsed = parseUploadFields({ task: "task1", model: "\u200b\u200d" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([{ field: "model", message: "has no visible character" }]);
  });
});

describe("the third pass: optional free text that shows nothing", () => {
  test.each(["organisation", "backbone", "description"])("%s of only a zero-width space is refused, naming the field", (field) => {
    const parsed = parseUploadFields({ task: "task1", model: "ok", [field]: "\u200b" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([{ field, message: "has no visible character" }]);
  });
});
