/**
 * Test-only generators of adversarial text for differential tests: scripts
 * with and without word characters, combining marks, astral emoji, Python-
 * only whitespace, final sigma, lone surrogates, and long repetitive strings
 * that trigger difflib's autojunk. Only characters assigned since Unicode 6
 * are used, so CPython's (older) Unicode database and Node's agree on them.
 */
import { randomInt, type Random } from "@/lib/stats/seeded-random";

const range = (from: number, to: number): string[] => {
  const out: string[] = [];
  for (let c = from; c <= to; c++) out.push(String.fromCodePoint(c));
  return out;
};

export const ALPHABETS: Record<string, string[]> = {
  ascii: [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"],
  punct: [..." !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n"],
  accents: [..."éèêëñüöäåçøßÉÑÜÖİıŁłŒœ"],
  combining: ["\u0301", "\u0300", "\u0308", "\u0327", "\u20dd", "e", "a", "o"],
  cjk: [...range(0x4e00, 0x4e40), ..."，。、「」？！"],
  kana: range(0x3041, 0x3060),
  hangul: range(0xac00, 0xac20),
  arabic: [...range(0x0627, 0x063a), ...range(0x0660, 0x0669), "\u064b", "\u064e"],
  devanagari: [...range(0x0915, 0x0939), "\u093e", "\u093f", "\u0940", "\u094d", ...range(0x0966, 0x096f)],
  thai: range(0x0e01, 0x0e3a),
  greek: [..."ΣσςΑΒΓαβγΩω"],
  numbers: [..."²³½¼ⅣⅫ①٣४௫"],
  emoji: ["😀", "👍", "🏽", "\u200d", "❤", "\ufe0f", "🇫", "🇷", "𝔘", "𝟘"],
  pyspace: ["\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u3000", "\u2028", "\u00a0", "\ufeff", "\u200b", "\x0b", "\x0c"],
  surrogates: ["\ud800", "\udc00", "\udbff", "a"],
};

export function pick<T>(rand: Random, xs: readonly T[]): T {
  return xs[randomInt(rand, xs.length)]!;
}

export function randomString(rand: Random, alphabet: readonly string[], maxLen: number, minLen = 0): string {
  const n = minLen + randomInt(rand, maxLen - minLen + 1);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(rand, alphabet);
  return s;
}

export function mixedAlphabet(rand: Random): string[] {
  const names = Object.keys(ALPHABETS);
  const k = 1 + randomInt(rand, 3);
  const out: string[] = [...ALPHABETS.punct!];
  for (let i = 0; i < k; i++) out.push(...ALPHABETS[pick(rand, names)]!);
  return out;
}

/** b derived from a by random edits, so the pair shares long blocks. */
export function mutate(rand: Random, a: string, alphabet: readonly string[], edits: number): string {
  const cps = [...a];
  for (let e = 0; e < edits; e++) {
    const op = randomInt(rand, 3);
    const at = randomInt(rand, cps.length + 1);
    if (op === 0) cps.splice(at, 0, pick(rand, alphabet));
    else if (op === 1 && cps.length > 0) cps.splice(Math.min(at, cps.length - 1), 1);
    else if (cps.length > 0) cps[Math.min(at, cps.length - 1)] = pick(rand, alphabet);
  }
  return cps.join("");
}
