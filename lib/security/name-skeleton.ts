import { remove as removeConfusables } from "confusables";

/**
 * The comparison form of a system or organisation name: two names with the same skeleton read as the same name to
 * a person looking at a leaderboard. "GPT-5.2" and "gpt‑5.2" (U+2011), "GP\u200bT-5.2" (zero-width space), "GPT-5.2"
 * with a word joiner, soft hyphen, combining grapheme joiner or variation selector, and "\u0420" (Cyrillic) for "P"
 * all give "gpt52". Steps: NFKC (full-width, ligatures), default-ignorable and format characters removed, a full
 * case fold (upper then lower: "ß" and "SS" agree), homoglyphs to their Latin prototype (the `confusables` table),
 * lower case again, only letters and numbers kept (so spacing and punctuation cannot tell two names apart; accents
 * and other combining marks go too), and last the ASCII look-alikes ("1", "i" and "l"; "0" and "o"; "rn" and "m";
 * "vv" and "w"). Deliberately coarse: a false match costs a newcomer a rename, a missed one lets a row pose as a
 * reported system. Pure.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const NOT_LETTER_OR_NUMBER = /[^\p{L}\p{N}]+/gu;
const ASCII_FOLD: ReadonlyArray<[RegExp, string]> = [
  [/[1i]/g, "l"],
  [/0/g, "o"],
  [/rn/g, "m"],
  [/vv/g, "w"],
];

export function nameSkeleton(value: string): string {
  let s = value.normalize("NFKC").replace(INVISIBLE, "").toUpperCase().toLowerCase();
  s = removeConfusables(s).normalize("NFKD").toLowerCase().replace(NOT_LETTER_OR_NUMBER, "");
  for (const [pattern, replacement] of ASCII_FOLD) s = s.replace(pattern, replacement);
  return s;
}
