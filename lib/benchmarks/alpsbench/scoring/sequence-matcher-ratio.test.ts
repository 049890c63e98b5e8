import { describe, expect, test } from "vitest";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";
import { ALPHABETS, mixedAlphabet, mutate, pick, randomString } from "@/tests/helpers/alpsbench/scoring/random-text";
import { stringRatio as ratio } from "@/tests/helpers/alpsbench/scoring/string-ratio";

const RATIO_PY = `
from difflib import SequenceMatcher
result = [SequenceMatcher(None, a, b).ratio() for a, b in data]
`;

type Pair = [string, string];

function batch(name: string, n: number, make: (rand: () => number) => Pair): [string, Pair[]] {
  const rand = seededRandom(`smr:${name}`);
  return [name, Array.from({ length: n }, () => make(rand))];
}

// Each family stresses one part of difflib: unrelated text, shared blocks,
// autojunk (b >= 200 with popular characters), code points beyond the BMP.
const families: [string, Pair[]][] = [
  batch("short random ascii", 300, (r) => [randomString(r, ALPHABETS.ascii!.slice(0, 6), 12), randomString(r, ALPHABETS.ascii!.slice(0, 6), 12)]),
  batch("mixed scripts", 300, (r) => {
    const al = mixedAlphabet(r);
    return [randomString(r, al, 60), randomString(r, al, 60)];
  }),
  batch("edited copies", 300, (r) => {
    const al = mixedAlphabet(r);
    const a = randomString(r, al, 120, 1);
    return [a, mutate(r, a, al, 1 + randomInt(r, 15))];
  }),
  batch("long b triggers autojunk", 120, (r) => {
    const al = [...ALPHABETS.ascii!.slice(0, 8), " ", " ", " "];
    const a = randomString(r, al, 400, 150);
    return [a, mutate(r, randomString(r, al, 500, 200), al, 20)];
  }),
  batch("long edited copies around 200", 120, (r) => {
    const al = mixedAlphabet(r);
    const a = randomString(r, al, 260, 190);
    return [mutate(r, a, al, randomInt(r, 30)), a];
  }),
  batch("repeated characters", 150, (r) => {
    const c = pick(r, ["a", " ", "字", "😀"]);
    const n = 150 + randomInt(r, 200);
    const b = c.repeat(n) + randomString(r, ALPHABETS.ascii!, 20) + c.repeat(randomInt(r, 60));
    return [c.repeat(randomInt(r, 300)) + "xyz" + c.repeat(randomInt(r, 20)), b];
  }),
  batch("emoji and surrogates", 200, (r) => {
    const al = [...ALPHABETS.emoji!, ...ALPHABETS.surrogates!, "a", "b"];
    return [randomString(r, al, 40), randomString(r, al, 40)];
  }),
  batch("empty sides", 20, (r) => (randomInt(r, 2) ? ["", randomString(r, ALPHABETS.ascii!, 5)] : [randomString(r, ALPHABETS.ascii!, 5), ""])),
  batch("long natural-ish sentences", 80, (r) => {
    const words = ["the", "user", "prefers", "likes", "coffee", "tea", "morning", "works", "as", "a", "nurse", "in", "Berlin", "and", "has", "two", "cats"];
    const sent = (n: number) => Array.from({ length: n }, () => pick(r, words)).join(" ");
    return [sent(40 + randomInt(r, 40)), sent(40 + randomInt(r, 60))];
  }),
];

const expected = runPython<number[][]>(
  `
from difflib import SequenceMatcher
result = [[SequenceMatcher(None, a, b).ratio() for a, b in fam] for fam in data]
`,
  families.map(([, pairs]) => pairs),
);

describe("ratioPrepared equals CPython difflib", () => {
  test.each(families.map(([name, pairs], k) => ({ name, pairs, want: expected[k]! })))("$name", ({ pairs, want }) => {
    const got = pairs.map(([a, b]) => ratio(a, b));
    const bad = got.flatMap((g, i) => (g === want[i] ? [] : [{ a: pairs[i]![0], b: pairs[i]![1], got: g, want: want[i] }]));
    expect(bad.slice(0, 3)).toEqual([]);
    expect(got).toHaveLength(pairs.length);
  });
});

describe("ratioPrepared hand cases", () => {
  // Expected values are what CPython prints for these inputs; the autojunk
  // case shows why the port must copy the heuristic: without it the ratio is 1.0.
  const hand: [string, string, string, () => number][] = [
    ["identical", "abcd", "abcd", () => 1],
    ["both empty is 1.0", "", "", () => 1],
    ["one empty is 0.0", "abc", "", () => 0],
    ["difflib docstring", "abcd", "bcde", () => 0.75],
    ["astral chars count once", "😀a", "😀b", () => 0.5],
    ["popular char still matches through extension", "a".repeat(200), "a".repeat(200), () => 1],
  ];
  test.each(hand)("%s", (_name, a, b, want) => {
    expect(ratio(a, b)).toBe(want());
  });

  test("autojunk makes a popular-only b unmatched unless extended", () => {
    const b = "x".repeat(150) + "y".repeat(60);
    const a = "y".repeat(3);
    const [want] = runPython<number[]>(RATIO_PY, [[a, b]]);
    expect(ratio(a, b)).toBe(want);
    // Without autojunk 'yyy' would match fully: 2*3/213.
    expect(want).not.toBe((2 * 3) / 213);
  });
});
