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
    [
      "task4/ability1",
      { benchmark_id: "ability1_0" },
      "answer",
      "missing: a Task 4 row is {benchmark_id, answer, used_memory_fact}, or {benchmark_id, responses: [{query_id, response}]}",
    ],
    ["task4/ability1", { benchmark_id: "ability1_0", answer: 3, used_memory_fact: "" }, "answer", "expected string, got number"],
    [
      "task4/ability2",
      { benchmark_id: "ability2_0", answer: "a", responses: [] },
      "responses",
      "a row holds either answer (the official form: one answer) or responses (one per query), not both",
    ],
    ["task1", "just text", "(root)", "expected a row object, got a string that holds no JSON object"],
    ["task1", "[1, 2]", "(root)", "expected a row object, got a string that holds array"],
    ["task3/d100", { selected_memory_id: "m1" }, "benchmark_id", "missing"],
  ] as const)("%s %j → %s: %s", (track, raw, field, message) => {
    const result = validatePredictionRow(track, raw);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ field, message, fatal: true }]);
  });

  it("ignores unknown top-level keys", () => {
    const result = validatePredictionRow("task1", { benchmark_id: "x", memory_items: [], model: "m", extra: 1 });
    expect(result).toEqual({
      ok: true,
      row: { benchmark_id: "x", memory_items: [] },
      value: { benchmark_id: "x", memory_items: [], model: "m", extra: 1 },
      problems: [],
    });
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
      { field: "memory_items[1]", message: "expected object, got string (dropped before scoring, as the authors' pipeline drops it)", fatal: false },
      { field: "memory_items[2].label", message: "expected string, got number (scored as its text)", fatal: false },
      { field: "memory_items[2].confidence", message: "expected number, got object (counts as missing: 1.0)", fatal: false },
      { field: "memory_items[4]", message: "expected object, got null (dropped before scoring, as the authors' pipeline drops it)", fatal: false },
    ]);
  });

  it('an item\'s own "__proto__" key (as JSON.parse makes it) is an ignored field, never the parent of the checked item', () => {
    const item: unknown = JSON.parse('{"__proto__": {"memory_id": 5, "label": 7, "confidence": {}}, "value": "v"}');
    const { items, problems } = validateMemoryItems([item]);
    expect(items).toEqual([{ value: "v" }]);
    expect(problems).toEqual([]);
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
      value: { benchmark_id: "sess_1", answer: "a", reason: 4 },
      problems: [
        { field: "selected_memory_id", message: "missing (scores as a miss)", fatal: false },
        { field: "reason", message: "expected string, got number (ignored)", fatal: false },
      ],
    });
  });

  it("a whole row given as fenced JSON text counts", () => {
    const raw = '```json\n{"benchmark_id": "sess_1", "selected_memory_id": "c0a1", "answer": "x"}\n```';
    expect(unwrapJsonText(raw)).toEqual({ benchmark_id: "sess_1", selected_memory_id: "c0a1", answer: "x" });
    expect(validatePredictionRow("task3/d100", raw)).toMatchObject({
      ok: true,
      row: { selected_memory_id: "c0a1" },
      value: { benchmark_id: "sess_1", selected_memory_id: "c0a1", answer: "x" },
      problems: [{ field: "(root)", message: "the row is JSON text (a string), not a JSON object: read as the object it holds", fatal: false }],
    });
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

describe("the official prediction contract (SCORING.md)", () => {
  it("Task 4: {benchmark_id, answer, used_memory_fact} is one answer, to the instance's first query", () => {
    for (const track of ["task4/ability1", "task4/ability5"] as const) {
      const raw = { benchmark_id: "english_3", answer: "Take a walk with me.", used_memory_fact: "Feels lonely at night" };
      expect(validatePredictionRow(track, raw)).toEqual({
        ok: true,
        row: { benchmark_id: "english_3", responses: [{ query_id: null, response: "Take a walk with me." }], used_memory_fact: "Feels lonely at night" },
        value: raw,
        problems: [],
      });
    }
    const odd = validatePredictionRow("task4/ability3", { benchmark_id: "ability3_1", answer: "", used_memory_fact: ["x"] });
    expect(odd).toMatchObject({ ok: true, row: { responses: [{ query_id: null, response: "" }] } });
    expect(odd.problems).toEqual([{ field: "used_memory_fact", message: "expected string, got array (ignored; it is not scored)", fatal: false }]);
  });

  it("Task 3: {benchmark_id, answer, reason, selected_memory_id}", () => {
    const raw = { benchmark_id: "sess_1", answer: "You like jazz.", reason: "m7 says so", selected_memory_id: "m7" };
    expect(validatePredictionRow("task3/d1000", raw)).toEqual({
      ok: true,
      row: { benchmark_id: "sess_1", selected_memory_id: "m7", answer: "You like jazz.", reason: "m7 says so" },
      value: raw,
      problems: [],
    });
  });
});

describe("rows written as JSON text are read as the object they hold, on every track", () => {
  const object = { benchmark_id: "sess_1__2", memory_items: [{ type: "direct", label: "Preferences/Food", value: "Likes tea", confidence: 0.9 }] };
  it.each([
    ["a JSON-encoded string", JSON.stringify(object)],
    ["fenced JSON", `\`\`\`json\n${JSON.stringify(object, null, 2)}\n\`\`\``],
    ["JSON inside prose", `Here is the row: ${JSON.stringify(object)} Hope it helps.`],
  ])("%s", (_name, raw) => {
    const result = validatePredictionRow("task1", raw);
    expect(result).toMatchObject({ ok: true, value: object, row: { benchmark_id: "sess_1__2" } });
    expect(result.problems).toEqual([{ field: "(root)", message: "the row is JSON text (a string), not a JSON object: read as the object it holds", fatal: false }]);
  });
});

describe("a NUL (U+0000), a lone surrogate or a number that is not finite is refused with its field (PostgreSQL cannot store it); other control characters are kept, with a warning", () => {
  it.each([
    [
      "task1",
      { benchmark_id: "s", memory_items: [{ value: "tea\u0000" }] },
      "memory_items[0].value",
      "contains the character U+0000 (NUL) at character 4, which cannot be stored: remove it",
    ],
    ["task3/d100", { benchmark_id: "s", selected_memory_id: "m1", reason: "a\u0000" }, "reason", "U+0000 (NUL) at character 2"],
    ["task4/ability5", { benchmark_id: "english_1", answer: "ok", used_memory_fact: "x\u0000" }, "used_memory_fact", "U+0000 (NUL)"],
    ["task4/ability1", { benchmark_id: "ability1_1", responses: [{ query_id: "ability1_1:1", response: "\u0000" }] }, "responses[0].response", "U+0000 (NUL)"],
    ["task1", { benchmark_id: "s\u0000", memory_items: [] }, "benchmark_id", "U+0000 (NUL)"],
    [
      "task1",
      { benchmark_id: "s", memory_items: [{ value: "a\u0015" }, { "va\u0000lue": "x" }] },
      'memory_items[1]."va\\u0000lue"',
      "this key contains the character U+0000",
    ],
    ["task1", { benchmark_id: "s", memory_items: [], note: "\u0000" }, "note", "U+0000 (NUL)"],
    ["task1", JSON.stringify({ benchmark_id: "s", memory_items: [{ value: "\u0000" }] }), "memory_items[0].value", "U+0000 (NUL)"],
    // jsonb refuses a lone surrogate ("invalid input syntax for type json"); JSON.parse('"\\ud800x"') makes one
    ["task1", JSON.parse('{"benchmark_id": "s", "memory_items": [{"value": "\\ud800x"}]}'), "memory_items[0].value", "a lone surrogate (U+D800"],
    ["task3/d100", { benchmark_id: "s", selected_memory_id: "m1", reason: "x\udc00" }, "reason", "a lone surrogate (U+DC00"],
    // 1e400 parses as Infinity
    ["task1", JSON.parse('{"benchmark_id": "s", "memory_items": [{"value": "v", "confidence": 1e400}]}'), "memory_items[0].confidence", "Infinity"],
    ["task1", { benchmark_id: "s", memory_items: [{ value: "v", confidence: Number.NaN }] }, "memory_items[0].confidence", "is NaN"],
  ] as const)("%s %j → %s", (track, raw, field, message) => {
    const result = validatePredictionRow(track, raw);
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ field, fatal: true });
    expect(result.problems[0]!.message).toContain(message);
  });

  it("other control characters (real dialogues hold U+0015, U+0002) are kept as written, with a warning naming the first", () => {
    const raw = { benchmark_id: "s", memory_items: [{ value: "ok" }, { value: "copied\u0015text", evidence_text: "\u0002" }] };
    const result = validatePredictionRow("task1", raw);
    expect(result).toMatchObject({ ok: true, row: { memory_items: [{ value: "ok" }, { value: "copied\u0015text", evidence_text: "\u0002" }] } });
    expect(result.problems).toEqual([
      { field: "memory_items[1].value", message: "contains the control character U+0015 at character 7 (kept as written)", fatal: false },
    ]);
  });

  it("a surrogate pair (an emoji) and a large finite number pass", () => {
    expect(validatePredictionRow("task1", { benchmark_id: "s", memory_items: [{ value: "tea \ud83c\udf75", confidence: 1e300 }] })).toMatchObject({ ok: true });
  });

  it("tabs, line breaks and DEL pass without a word", () => {
    expect(validatePredictionRow("task1", { benchmark_id: "s", memory_items: [{ value: "a\tb\r\nc\u007f" }] })).toMatchObject({ ok: true, problems: [] });
  });
});

describe("a row given as JSON text is depth-checked once unwrapped (review pass #6)", () => {
  it("refuses 20,000 levels inside the text at its field, with no RangeError", () => {
    const text = `{"benchmark_id":"x","memory_items":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const result = validatePredictionRow("task1", text);
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual({ field: "memory_items", message: "nested more than 64 levels deep (the row object is level 1)", fatal: true });
  });
});
