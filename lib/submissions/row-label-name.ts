import { nameSkeleton } from "@/lib/security/name-skeleton";

/**
 * Words that say what a leaderboard row is or where its figures come from, not which system it is: a name made of
 * a reference system's name and such words ("GPT-5.2 reported", "Gemini-3 Flash rescored", "Copy the input")
 * reads on a board as that system's row. Generic on purpose: the words of a benchmark's own sources (its paper's
 * name, its tables) come from the database (sourceWordsOf), so the platform names no benchmark.
 */
const TIER_AND_SOURCE_WORDS: readonly string[] = [
  "reported",
  "rescored",
  "scored",
  "paper",
  "baseline",
  "official",
  "verified",
  "submitted",
  "claimed",
  "imported",
  "original",
  "reference",
  "authors",
  "table",
  "leaderboard",
  "results",
  "source",
  "benchmark",
];

/** Shorter words (and numbers: "Table 2") are not removed: "2" or "max" would fold "GPT-5.2" into "GPT-5". */
const MIN_WORD = 4;

/** The words of free texts (reported rows' source labels, data version names) worth removing: letters only, 4 or more. */
export function sourceWordsOf(texts: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? "").split(/[^\p{L}]+/u)) if (word.length >= MIN_WORD) words.add(word);
  }
  return [...words];
}

/**
 * A name's confusable skeleton (lib/security/name-skeleton.ts) with every tier and source word removed, wherever it
 * stands and however it is spelled (the words are compared as skeletons too: "reроrted" with Cyrillic letters goes
 * as well). Longer words first, so "rescored" goes whole before "scored". Pure.
 */
export function labelFreeSkeleton(name: string, extraWords: readonly string[] = []): string {
  const words = [...new Set([...TIER_AND_SOURCE_WORDS, ...extraWords].map(nameSkeleton).filter((w) => w.length >= MIN_WORD))].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  );
  let skeleton = nameSkeleton(name);
  for (const word of words) skeleton = skeleton.split(word).join("");
  return skeleton;
}
