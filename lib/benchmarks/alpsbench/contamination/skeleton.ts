import { remove as removeConfusables } from "confusables";

// ASCII look-alikes the confusables table leaves alone (it maps only non-ASCII characters): after lowercasing,
// "I" (now "i"), "1" and "l" are one glyph to a reader, and so are "0" and "o", "rn" and "m", "vv" and "w".
const ASCII_FOLD: ReadonlyArray<[RegExp, string]> = [
  [/[1i]/g, "l"],
  [/0/g, "o"],
  [/rn/g, "m"],
  [/vv/g, "w"],
];
const NOT_LETTER_OR_NUMBER = /[^\p{L}\p{N}]+/gu;

/**
 * The comparison form of a memory value for the contamination check: what is left when every trivial edit that
 * keeps the scorer's fuzzy match is undone. NFKC (full-width, ligatures, super/subscripts), a full case fold
 * (upper then lower: "ß" and "SS" agree), homoglyphs to their Latin prototype (the `confusables` table: Cyrillic
 * "е" U+0435 is "e", "é" is "e"), lowercase again (the table's prototypes may be capitals), only letters and
 * numbers (spaces, punctuation, emoji and combining marks are dropped), then the ASCII look-alikes above. So
 * "The user: LIKES GRΕΕN TEA !" (Greek Ε) contains the skeleton of "likes green tea". Deterministic, pure.
 */
export function skeleton(value: string): string {
  let s = value.normalize("NFKC").toUpperCase().toLowerCase();
  s = removeConfusables(s).toLowerCase().replace(NOT_LETTER_OR_NUMBER, "");
  // last, so that spacing cannot split a pair ("r n" is "rn" once spaces are gone)
  for (const [pattern, replacement] of ASCII_FOLD) s = s.replace(pattern, replacement);
  return s;
}
