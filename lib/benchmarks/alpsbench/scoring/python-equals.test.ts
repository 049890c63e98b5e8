import { describe, expect, test } from "vitest";
import { pythonEquals } from "./python-equals";
import { pythonTruthy } from "./python-truthy";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";

// JSON values whose Python == and truthiness the type match and the
// "empty value" rule depend on. undefined stands for a missing key (None).
const values: unknown[] = [null, true, false, 0, 1, 1.5, "", "direct", "Direct", [], ["direct"], [1, [true]], {}, { a: 1 }, { a: true }, { b: 1 }];
const pairs = values.flatMap((a) => values.map((b) => [a, b] as const));
const want = runPython<{ eq: boolean[]; truthy: boolean[] }>("result = {'eq': [a == b for a, b in data['pairs']], 'truthy': [bool(v) for v in data['values']]}", {
  pairs,
  values,
});

describe("pythonEquals / pythonTruthy equal CPython", () => {
  test.each([
    ["==", () => pairs.map(([a, b]) => pythonEquals(a, b)), want.eq],
    ["bool()", () => values.map(pythonTruthy), want.truthy],
  ] as const)("%s over all pairs of sample values", (_n, got, expected) => {
    expect(got()).toEqual(expected);
  });

  test.each([
    ["missing equals null", undefined, null, true],
    ["missing equals missing", undefined, undefined, true],
    ["missing differs from text", undefined, "direct", false],
  ])("%s", (_n, a, b, out) => {
    expect(pythonEquals(a, b)).toBe(out);
  });
});
