import { describe, expect, test } from "vitest";
import { pythonRound } from "./python-round";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";

describe("pythonRound equals CPython round()", () => {
  const r = seededRandom("round");
  const cases: [number, number][] = [
    // values whose stored double sits just above/below/at a half
    [0.12345, 4],
    [2.675, 2],
    [0.03125, 4],
    [0.00015, 4],
    [0.5, 0],
    [1.5, 0],
    [2.5, 0],
    [-2.5, 0],
    [-0.03125, 4],
    [0.09375, 4],
    [1e-10, 4],
    [-1e-10, 4],
    [123456.78125, 4],
    [1e20, 4],
    [0.3 * 3, 4],
    [1 / 3, 4],
    [2 / 3, 4],
  ];
  // Random multiples of 1/2^k hit exact ties; random decimals hit near-ties.
  for (let i = 0; i < 400; i++) cases.push([(randomInt(r, 200000) - 100000) / 2 ** (1 + randomInt(r, 8)), randomInt(r, 6)]);
  for (let i = 0; i < 400; i++) cases.push([Number(`0.${randomInt(r, 100000).toString().padStart(5, "0")}5`), 4 + randomInt(r, 2)]);
  for (let i = 0; i < 200; i++) cases.push([r() * 100, 4]);
  const want = runPython<number[]>("result = [round(float(x), n) for x, n in data]", cases);

  test.each([
    ["hand-picked", 0, 17],
    ["dyadic ties", 17, 417],
    ["decimal near-ties", 417, 817],
    ["uniform", 817, cases.length],
  ] as const)("%s", (_n, from, to) => {
    const bad = cases.slice(from, to).flatMap(([x, d], i) => {
      const got = pythonRound(x, d);
      return Object.is(got, want[from + i]) || got === want[from + i] ? [] : [{ x, d, got, want: want[from + i] }];
    });
    expect(bad.slice(0, 3)).toEqual([]);
  });

  test.each([
    [0.03125, 4, 0.0312],
    [2.675, 2, 2.67],
    [2.5, 0, 2],
  ])("round(%s, %s) is %s (ties to even, exact binary value)", (x, d, out) => {
    expect(pythonRound(x, d)).toBe(out);
  });
});
