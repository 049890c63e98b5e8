import { describe, expect, test } from "vitest";
import { confidenceScoreOf, confidenceValue } from "./confidence-score";
import { pythonFloat } from "./python-float";
import { pythonFloatRepr } from "./python-repr";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";

// Strings a model might put in a confidence field; Python float() decides.
const texts = [
  "0.8",
  " 0.8\n",
  "0.8%",
  "high",
  "",
  " ",
  "1_0",
  "1__0",
  "_1",
  "1_",
  ".5",
  "5.",
  "+.5e1",
  "-0",
  "1e-3",
  "1E+2",
  "inf",
  "-Infinity",
  "nan",
  "+NaN",
  "infinit",
  "0x10",
  "1,5",
  "٠.٨",
  "０.５",
  "\u3000.25\u2028",
  "१",
  "1e",
  "e1",
  "..5",
  "0.5.1",
];
const pyFloat = runPython<{ ok: boolean; repr: string | null }[]>(
  `
out = []
for s in data:
    try:
        out.append({"ok": True, "repr": repr(float(s))})
    except Exception:
        out.append({"ok": False, "repr": None})
result = out
`,
  texts,
);

describe("pythonFloat parses text exactly like Python float()", () => {
  test.each(texts.map((t, i) => [JSON.stringify(t), t, pyFloat[i]!] as const))("float(%s)", (_label, text, want) => {
    const got = pythonFloat(text);
    expect(got === null ? null : pythonFloatRepr(got)).toBe(want.ok ? want.repr : null);
  });
});

describe("confidenceValue", () => {
  test.each([
    ["missing → 1.0", undefined, 1],
    ["null → 1.0", null, 1],
    ["unparsable text → 1.0", "high", 1],
    ["list → 1.0", [0.5], 1],
    ["numeric text", "0.25", 0.25],
    ["True is 1.0", true, 1],
    ["False is 0.0", false, 0],
    ["clamped above", 7, 1],
    ["clamped below", -3, 0],
  ])("%s", (_n, v, want) => {
    expect(confidenceValue(v)).toBe(want);
  });
});

describe("confidenceScoreOf (SCORING.md step 5)", () => {
  test.each([
    ["equal", 0.8, 0.8, 1],
    ["difference up to 0.2 is free", 1.0, 0.85, 1],
    ["0.9 vs 0.7 differ by 0.20000000000000007 in doubles: a hair of penalty, as in Python", 0.9, 0.7, 1 - (0.9 - 0.7 - 0.2) / 0.8],
    ["difference 0.6 costs (0.6-0.2)/0.8", 0.9, 0.3, 1 - (Math.abs(0.9 - 0.3) - 0.2) / 0.8],
    ["full difference is 0", 0, 1, 0],
    ["missing equals 1.0", undefined, 1, 1],
    ["'high' is read as 1.0", "high", 0, 0],
    ["nan difference costs nothing, as in Python", "nan", 0, 1],
  ])("%s", (_n, a, b, want) => {
    expect(confidenceScoreOf(confidenceValue(a), confidenceValue(b))).toBe(want);
  });
});
