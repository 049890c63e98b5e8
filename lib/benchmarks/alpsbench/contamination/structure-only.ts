import type { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { MIN_VALUES } from "./measure-contamination";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * Value similarity (SCORING.md step 3) below which an accepted pair shares no content: its label, type and
 * confidence carried it past the scorer's 0.30 threshold (0.4 + 0.1 + 0.1 = 0.6 with a junk value). The metric is
 * the authors' and stays as it is; this only measures how much of a file's match to the public gold is such pairs.
 */
export const STRUCTURE_ONLY_VALUE = 0.2;

/**
 * Share of a file's own public memories paired on structure alone at or above which it is flagged. Not the value
 * checks' 0.2: an honest system paraphrases, so some of its pairs carry few of a value's words and characters.
 * On the real data (lib/benchmarks/alpsbench/bench/structure-only-matches.ts) the authors' seven released outputs reach 11.7-26.9 %;
 * junk values under the public labels and types 100 % (algo score 76.9), with one item per row dropped 63.1 %, with
 * half the items dropped 60.1 %.
 */
export const STRUCTURE_ONLY_THRESHOLD = 0.5;

/** What one file's rows match of their own dialogues' public memories on structure alone (see structureOnlyCounts). */
type StructureOnlyCounts = {
  /** rows whose dialogue has public memories */
  rows: number;
  /** public memories of those rows' dialogues */
  publicValues: number;
  /** of them, memories the scorer pairs with a predicted item whose value similarity is below STRUCTURE_ONLY_VALUE */
  structureOnly: number;
};

const NO_STRUCTURE_ONLY: StructureOnlyCounts = { rows: 0, publicValues: 0, structureOnly: 0 };

/**
 * Scores each Task 1 row against its dialogue's public memories (Task 2's input pool of the session, the row's gold)
 * with the scorer itself, and counts the memories it pairs on label, type and confidence alone. A file that copies
 * the public labels and types under junk values is paired on nearly every memory; an honest system's pairs carry
 * content. `publicItemsOf`: the row's public memory items by its benchmark_id (undefined or empty: not counted).
 */
export function structureOnlyCounts(rows: Iterable<unknown>, publicItemsOf: (benchmarkId: string) => readonly unknown[] | undefined): StructureOnlyCounts {
  const counts = { ...NO_STRUCTURE_ONLY };
  for (const row of rows) {
    const { benchmark_id: id, memory_items: items } = record(row);
    if (typeof id !== "string" || !Array.isArray(items)) continue;
    const publicItems = publicItemsOf(id);
    if (!publicItems || publicItems.length === 0) continue;
    counts.rows += 1;
    counts.publicValues += publicItems.length;
    const result = scoreMemorySet([...publicItems], items);
    counts.structureOnly += result.pairs.filter((pair) => pair.value < STRUCTURE_ONLY_VALUE).length;
  }
  return counts;
}

/** Two files' counts together (the splits of one file). */
function addStructureOnly(a: StructureOnlyCounts, b: StructureOnlyCounts): StructureOnlyCounts {
  return { rows: a.rows + b.rows, publicValues: a.publicValues + b.publicValues, structureOnly: a.structureOnly + b.structureOnly };
}

/** Each split's counts and the whole file's ("" for rows of no known split), given the rows per split. */
export function structureOnlyBySplit(
  parts: ReadonlyMap<string, readonly unknown[]>,
  dialogueItems: ReadonlyMap<string, readonly unknown[]> | undefined,
): { whole: StructureOnlyCounts; bySplit: Map<string, StructureOnlyCounts> } {
  const bySplit = new Map(
    [...parts].map(([split, rows]) => [split, dialogueItems ? structureOnlyCounts(rows, (id) => dialogueItems.get(id)) : NO_STRUCTURE_ONLY] as const),
  );
  return { whole: [...bySplit.values()].reduce(addStructureOnly, NO_STRUCTURE_ONLY), bySplit };
}

const shareOf = (counts: StructureOnlyCounts) => (counts.publicValues > 0 ? counts.structureOnly / counts.publicValues : 0);
const reaches = (counts: StructureOnlyCounts) => counts.publicValues >= MIN_VALUES && shareOf(counts) >= STRUCTURE_ONLY_THRESHOLD;

/**
 * The figures with the structure-only share added, flagged when the whole file or one split's rows alone reach
 * STRUCTURE_ONLY_THRESHOLD (of MIN_VALUES public memories or more): a file that pairs that much of the public gold
 * on labels and types with no content copied the gold's structure (pure).
 */
export function withStructureOnly(
  figures: ContaminationFigures,
  { whole, bySplit }: { whole: StructureOnlyCounts; bySplit: ReadonlyMap<string, StructureOnlyCounts> },
): ContaminationFigures {
  const split = reaches(whole) ? undefined : [...bySplit].find(([name, counts]) => name !== "" && reaches(counts));
  const structureOnly = { publicValues: whole.publicValues, share: shareOf(whole), valueBelow: STRUCTURE_ONLY_VALUE, ...(split ? { split: split[0] } : {}) };
  return { ...figures, structureOnly, flagged: figures.flagged || reaches(whole) || split !== undefined };
}
