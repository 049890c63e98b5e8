import { describe, expect, test } from "vitest";
import { normalize, tokens } from "./normalize";
import { randomInt, seededRandom } from "@/lib/stats/seeded-random";
import { runPython } from "@/tests/helpers/alpsbench/scoring/python-oracle";
import { ALPHABETS, mixedAlphabet, randomString } from "@/tests/helpers/alpsbench/scoring/random-text";

// SCORING.md step 1 written out in Python, run by CPython: the oracle for
// Python's Unicode \w, \s, str.lower() and str.strip().
const NORMALIZE_PY = `
import re
def norm(s):
    if s is None:
        s = ""
    elif not isinstance(s, str):
        s = json.dumps(s, ensure_ascii=False)
    s = s.lower().strip()
    s = re.sub(r"[^\\w\\s/.\\-]+", " ", s)
    return re.sub(r"\\s+", " ", s)
result = [[norm(s), [t for t in norm(s).split(" ") if t]] for s in data]
`;

function family(name: string, n: number, make: (r: () => number) => unknown): [string, unknown[]] {
  const r = seededRandom(`norm:${name}`);
  return [name, Array.from({ length: n }, () => make(r))];
}

const families: [string, unknown[]][] = [
  ...Object.keys(ALPHABETS).map((k) => family(`alphabet ${k}`, 60, (r) => randomString(r, [...ALPHABETS[k]!, ...ALPHABETS.punct!], 30))),
  family("mixed", 300, (r) => randomString(r, mixedAlphabet(r), 80)),
  family("final sigma contexts", 100, (r) => randomString(r, ["Σ", "Α", " ", "'", ".", "\u0301", "a"], 8)),
  family("non-string JSON values", 120, (r) => {
    const leaf = (): unknown =>
      [
        () => randomString(r, mixedAlphabet(r), 8),
        () => randomInt(r, 1000) - 500,
        () => (randomInt(r, 100000) - 50000) / 64,
        () => randomInt(r, 2) === 0,
        () => null,
        () => 1e-7 * (1 + randomInt(r, 9)),
        () => 1.5e17,
      ][randomInt(r, 7)]!();
    const v = [() => [leaf(), leaf()], () => ({ k: leaf(), Ключ: [leaf()] }), leaf][randomInt(r, 3)]!();
    return v;
  }),
];

const expected = runPython<[string, string[]][][]>(
  `results = []\n${NORMALIZE_PY.replace("result = [", "_r = lambda data: [")}\nresult = [_r(fam) for fam in data]`,
  families.map(([, xs]) => xs),
);

describe("normalize and tokens equal the CPython reference", () => {
  test.each(families.map(([name, inputs], k) => ({ name, inputs, want: expected[k]! })))("$name", ({ inputs, want }) => {
    const got = inputs.map((s) => [normalize(s), tokens(s)]);
    const bad = got.flatMap((g, i) => (JSON.stringify(g) === JSON.stringify(want[i]) ? [] : [{ input: inputs[i], got: g, want: want[i] }]));
    expect(bad.slice(0, 3)).toEqual([]);
  });
});

describe("normalize hand cases", () => {
  test.each([
    ["no second strip: trailing punctuation leaves a space", "Hi!", "hi "],
    ["keeps / . -", "Work/Job-Title v1.2", "work/job-title v1.2"],
    ["combining accent is not a word character", "e\u0301", "e "],
    ["precomposed accent is", "é", "é"],
    ["CJK and digits of other scripts are word characters", "你好٣", "你好٣"],
    ["Python-only whitespace U+001C is stripped", "\x1cabc\x1c", "abc"],
    ["BOM is not whitespace in Python", "\ufeffabc", " abc"],
    ["null is empty", null, ""],
    ["missing is empty", undefined, ""],
    ["list uses json.dumps separators; the bracket becomes a space after strip", ["A", 1], " a 1 "],
    ["object keeps key order and non-ASCII", { b: "É", a: true }, " b é a true "],
  ])("%s", (_n, input, want) => {
    expect(normalize(input)).toBe(want);
  });

  test.each([
    ["splits on spaces and drops empties", " a  b ", ["a", "b"]],
    ["punctuation-only text has no tokens", "!!!", []],
  ])("tokens: %s", (_n, input, want) => {
    expect(tokens(input)).toEqual(want);
  });
});
