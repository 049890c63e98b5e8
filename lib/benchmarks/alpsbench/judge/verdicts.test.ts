import { describe, expect, test } from "vitest";
import { extractJsonObject } from "@/lib/llm-judge/extract-json";
import { parseVerdict, parseVerdictValue } from "./verdicts";

const REVIEW = { pair_reviews: [], missing_reviews: [{ id: "m1", should_have_extracted: true, severity: 2, rationale: "x" }], extra_reviews: [] };
const REVIEW_TEXT = JSON.stringify(REVIEW);

describe("extractJsonObject: repair of wrapped JSON", () => {
  test.each([
    ["bare JSON", REVIEW_TEXT, "whole"],
    ["```json fence", "```json\n" + REVIEW_TEXT + "\n```", "fence"],
    ["bare ``` fence", "```\n" + REVIEW_TEXT + "\n```", "fence"],
    ["prose before and after", "Here is my review:\n" + REVIEW_TEXT + "\nLet me know if you need more.", "span"],
    ["prose + fence", "Sure.\n```json\n" + REVIEW_TEXT + "\n```\nDone.", "fence"],
    ["BOM and whitespace", "\uFEFF  \n" + REVIEW_TEXT + "\n\n", "whole"],
  ])("%s", (_label, text, via) => {
    const result = extractJsonObject(text);
    expect(result).toEqual({ ok: true, value: REVIEW, via });
  });

  test("braces inside strings do not end the object", () => {
    const text = 'Result: {"score": 1, "reason": "uses {the} memory \\" } still inside"} trailing';
    expect(extractJsonObject(text)).toMatchObject({ ok: true, value: { score: 1, reason: 'uses {the} memory " } still inside' } });
  });

  test("an earlier example object is skipped in favour of the one that looks like the answer", () => {
    const text = 'Format: {"example": true}\nAnswer: {"score": 0, "reason": "no"}';
    expect(extractJsonObject(text, (value) => "score" in value)).toMatchObject({ ok: true, value: { score: 0 } });
  });

  test.each([
    ["empty", "", "empty judge output"],
    ["only prose", "I cannot evaluate this.", "no JSON object found"],
    ["a JSON array is not an object", "[1, 2, 3]", "no JSON object found"],
    ["broken JSON", '{"score": 1, "reason": "unterminated', "no JSON object found"],
    ["trailing comma is not repaired", '{"score": 1,}', "no JSON object found"],
  ])("failure: %s", (_label, text, reason) => {
    const result = extractJsonObject(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe("parseVerdict", () => {
  test("task 1/2 review: missing lists are empty, extra keys kept out", () => {
    const parsed = parseVerdict("t12_review", '```json\n{"pair_reviews": [{"gold_id": "m1", "pred_id": "p1", "error_type": "equivalent"}]}\n```');
    expect(parsed).toEqual({
      ok: true,
      verdict: { pair_reviews: [{ gold_id: "m1", pred_id: "p1", error_type: "equivalent" }], missing_reviews: [], extra_reviews: [] },
    });
  });

  test("task 1/2 review: null lists count as empty", () => {
    expect(parseVerdict("t12_review", '{"pair_reviews": null, "missing_reviews": [], "extra_reviews": null}')).toMatchObject({ ok: true });
  });

  test("severity and error_type are not validated (their fallbacks belong to the score)", () => {
    const parsed = parseVerdict("t12_review", '{"pair_reviews": [{"error_type": 7, "severity": "high"}]}');
    expect(parsed.ok).toBe(true);
  });

  test.each([
    ['{"used_memory": true, "score": 1, "reason": "r"}', { used_memory: true, score: 1, reason: "r" }],
    ['{"used_memory": "false", "score": "0.5"}', { used_memory: false, score: 0.5 }],
    ['{"score": 0}', { score: 0 }],
  ])("task 3 verdict %s", (text, verdict) => {
    expect(parseVerdict("t3_used_memory", text)).toEqual({ ok: true, verdict });
  });

  test.each([
    ["t12_review", '{"error": "cannot judge"}', "none of pair_reviews"],
    ["t12_review", '{"pair_reviews": "none"}', "pair_reviews"],
    ["t12_review", '{"pair_reviews": [], "missing_reviews": ["m1"]}', "missing_reviews.0"],
    ["t12_review", "The prediction looks fine overall.", "no JSON object"],
    ["t3_used_memory", '{"used_memory": true, "score": 1.5}', "score above 1"],
    ["t3_used_memory", '{"used_memory": true}', "score"],
    ["t3_used_memory", '{"used_memory": true, "score": "high"}', "score"],
    ["t4_binary", '{"score": 0.5}', ""],
    ["t4_binary", '{"score": 2}', ""],
    ["t4_binary", '{"verdict": "pass"}', ""],
    ["t4_ei", '{"resonation": 6, "expression": 3, "reception": 3}', ""],
    ["t4_ei", '{"resonation": 0}', ""],
    ["t4_ei", '{"empathy": 5}', ""],
  ] as const)("%s failure is recorded, not zero: %s", (kind, text, reason) => {
    const parsed = parseVerdict(kind, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  test.each([
    ['{"score": 1}', 1],
    ['{"score": 0, "reason": "ignored the memory"}', 0],
    ['{"score": "1"}', 1],
    ['{"score": true}', 1],
    ['{"session_id": "x", "response": "...", "score": 0}', 0],
  ])("task 4 binary %s", (text, score) => {
    expect(parseVerdict("t4_binary", text)).toMatchObject({ ok: true, verdict: { score } });
  });

  test("EI: null and missing dimensions are kept as null (left out of means later)", () => {
    expect(parseVerdict("t4_ei", '{"resonation": 3, "expression": null, "reception": "4"}')).toEqual({
      ok: true,
      verdict: { resonation: 3, expression: null, reception: 4 },
    });
    expect(parseVerdict("t4_ei", '{"resonation": 2}')).toEqual({
      ok: true,
      verdict: { resonation: 2, expression: null, reception: null },
    });
  });

  test("parseVerdictValue rejects non-objects", () => {
    expect(parseVerdictValue("t4_ei", [1, 2])).toEqual({ ok: false, reason: "judge output is not a JSON object" });
  });
});
