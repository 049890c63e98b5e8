import { prepareValue, valueSimilarityPrepared, valueSimilarityUpperBound, type PreparedValue } from "@/lib/benchmarks/alpsbench/scoring/value-similarity";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * The scorer's value similarity (SCORING.md step 3: 0.6·Jaccard of token sets + 0.4·SequenceMatcher ratio) at or
 * above which a predicted value counts as a copy of a public value of its own dialogue. 0.6 is the token weight:
 * a value with exactly the public value's words, in any order, reaches it on the token term alone, which is why
 * the skeleton check (character order) missed the reversed-words copy that scored F1 1.0. Chosen on the real data
 * (lib/benchmarks/alpsbench/bench/contamination.ts): the authors' seven released outputs reach it for 1.8-8.5 % of their items.
 */
export const VALUE_MATCH = 0.6;

/** What one file's rows match of their own dialogues' public memories (see dialogueMatchCounts). */
export type DialogueMatchCounts = {
  /** predicted items of rows whose dialogue has public memories */
  items: number;
  /** of them, items whose value matches one of those memories (VALUE_MATCH) */
  matched: number;
  /** public memories of the rows' dialogues */
  publicValues: number;
  /** of them, memories some predicted item of the row matches: junk items added to dilute `matched` do not lower it */
  covered: number;
};

export const NO_DIALOGUE_MATCHES: DialogueMatchCounts = { items: 0, matched: 0, publicValues: 0, covered: 0 };

/** The public memories of a dialogue prepared once, as the scorer's gold side (SequenceMatcher's a). */
export function preparePublicValues(values: Iterable<unknown>): PreparedValue[] {
  return [...values].map(prepareValue).filter((v) => v.present);
}

/**
 * Compares each Task 1 row's predicted values with the memories other tracks show for the same dialogue (Task 2's
 * input memory pool of that session = the row's gold), by the scorer's own value similarity (pure). A
 * transformation that keeps the scorer's match (words reordered, re-cased, a word dropped) keeps this one too.
 * `publicValuesOf`: a row's public memories by its benchmark_id (undefined or empty: the row is not counted).
 */
export function dialogueMatchCounts(rows: Iterable<unknown>, publicValuesOf: (benchmarkId: string) => readonly PreparedValue[] | undefined): DialogueMatchCounts {
  const counts = { ...NO_DIALOGUE_MATCHES };
  for (const row of rows) {
    const { benchmark_id: id, memory_items: items } = record(row);
    if (typeof id !== "string" || !Array.isArray(items)) continue;
    const publicValues = publicValuesOf(id);
    if (!publicValues || publicValues.length === 0) continue;
    const covered = new Set<number>();
    for (const item of items) {
      const predicted = prepareValue(record(item).value);
      counts.items += 1;
      let matched = false;
      publicValues.forEach((publicValue, k) => {
        if (covered.has(k) && matched) return;
        // the upper bound skips SequenceMatcher for almost every pair (different words)
        if (valueSimilarityUpperBound(publicValue, predicted) < VALUE_MATCH) return;
        if (valueSimilarityPrepared(publicValue, predicted) < VALUE_MATCH) return;
        matched = true;
        covered.add(k);
      });
      if (matched) counts.matched += 1;
    }
    counts.publicValues += publicValues.length;
    counts.covered += covered.size;
  }
  return counts;
}

/** Two files' counts together (the splits of one file). */
export function addDialogueMatches(a: DialogueMatchCounts, b: DialogueMatchCounts): DialogueMatchCounts {
  return { items: a.items + b.items, matched: a.matched + b.matched, publicValues: a.publicValues + b.publicValues, covered: a.covered + b.covered };
}
