import { describe, expect, test } from "vitest";
import { pythonFloatRepr, pythonJsonDumps, pythonStr } from "./python-repr";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";
import { mixedAlphabet, randomString } from "@/tests/helpers/alpsbench/scoring/random-text";

const r = seededRandom("repr");
// Values reach Python through JSON.stringify, the same text our rule for
// whole numbers assumes (see python-repr.ts).
const leaf = (): unknown =>
  [
    () => randomString(r, [...mixedAlphabet(r), "'", '"', "\\", "\x01", "\x7f", "\u200b", "\ud800"], 10),
    () => randomInt(r, 2e9) - 1e9,
    () => (randomInt(r, 2e6) - 1e6) / 1024,
    () => Number(`${1 + randomInt(r, 9)}.${randomInt(r, 999)}e${randomInt(r, 60) - 30}`),
    () => randomInt(r, 2) === 1,
    () => null,
  ][randomInt(r, 6)]!();
const value = (depth: number): unknown => {
  if (depth > 2 || randomInt(r, 3) === 0) return leaf();
  return randomInt(r, 2)
    ? Array.from({ length: randomInt(r, 4) }, () => value(depth + 1))
    : Object.fromEntries(Array.from({ length: randomInt(r, 3) }, (_, i) => [`k${i}${randomString(r, ["é", "'", "x"], 2)}`, value(depth + 1)]));
};
const values = Array.from({ length: 400 }, () => value(0));

const expected = runPython<[string, string][]>("result = [[json.dumps(v, ensure_ascii=False), str(v)] for v in data]", values);

describe("Python text forms of JSON values", () => {
  test.each([
    ["json.dumps", 0],
    ["str", 1],
  ] as const)("%s matches CPython on 400 random values", (_name, k) => {
    const fn = k === 0 ? pythonJsonDumps : pythonStr;
    const bad = values.flatMap((v, i) => (fn(v) === expected[i]![k] ? [] : [{ v, got: fn(v), want: expected[i]![k] }]));
    expect(bad.slice(0, 3)).toEqual([]);
  });

  // eslint-disable-next-line no-loss-of-precision -- 1.2345678901234567e16 rounds to a double on purpose: both sides see that double
  const floats = [0.1, 1e-5, 1.5e-5, 0.0001, 123456789012345.6, 1e16, 1.2345678901234567e16, 5e-324, 1.7976931348623157e308, -2.5, 1e22];
  const floatRepr = runPython<string[]>("result = [repr(float(x)) for x in data]", floats);
  test.each(floats.map((x, i) => [x, floatRepr[i]!] as const))("repr(%s) = %s", (x, want) => {
    expect(pythonFloatRepr(x)).toBe(want);
  });

  test.each([
    ["None label text", null, "None"],
    ["True", true, "True"],
    ["list of labels", ["A/B", "C"], "['A/B', 'C']"],
    ["quote choice", ["it's"], '["it\'s"]'],
  ])("str: %s", (_n, v, want) => {
    expect(pythonStr(v)).toBe(want);
  });
});
