import type { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { NO_DIALOGUE_MATCHES, VALUE_MATCH, type DialogueMatchCounts } from "./dialogue-match";
import { publicSourcesWithin, TASK2_INPUT, TASK3_CANDIDATE, type PublicValueIndex } from "./public-value-index";

/**
 * Share of a submission's distinct predicted values (skeletons) at or above which it is flagged. Chosen on the
 * real data (lib/benchmarks/alpsbench/bench/contamination.ts and scripts/bench/README.md): the authors' seven released Task 1 outputs
 * contain a public value in 0.94-5.07% of their distinct values (true facts said as the gold says them) and
 * share 0.50-2.51% with another model; a copy of the Task 2 input pools (= Task 1 gold) reaches 100%, and 95-100%
 * under the trivial edits that defeated exact keys. 0.2 is four times the worst honest figure. The same threshold
 * applies to the dialogue figures (dialogue-match.ts): the released outputs reach 1.8-8.5 % (items) and 1.1-9.6 %
 * (memories covered), a reversed-words copy of the gold 100 %.
 */
export const CONTAMINATION_THRESHOLD = 0.2;
/** Fewer distinct values than this prove nothing either way (a tiny file): never flagged. */
export const MIN_VALUES = 20;

/**
 * The contamination figures of one Task 1 submission (pure). `predicted`: its distinct skeletons, each with
 * whether it came from a value of MIN_TOKENS tokens (predictedSkeletons). A skeleton counts when it did, or when
 * it contains a public value anyway. `bestOverlap`: the largest number of its counted skeletons found in ONE
 * earlier submission the uploader could see (by hash, sharedHashes), and that submission's id. `dialogue`: what its
 * rows match of their own dialogues' public memories by the scorer's similarity (dialogueMatchCounts); flagged when
 * either of its shares reaches the threshold too.
 */
export function measureContamination(
  predicted: ReadonlyMap<string, boolean>,
  index: PublicValueIndex,
  bestOverlap: { submissionId: string; shared: number } | null,
  dialogue: DialogueMatchCounts = NO_DIALOGUE_MATCHES,
  threshold: number = CONTAMINATION_THRESHOLD,
): ContaminationFigures {
  let n = 0;
  let task2 = 0;
  let task3 = 0;
  let either = 0;
  for (const [s, long] of predicted) {
    const sources = publicSourcesWithin(index, s);
    if (!long && sources === 0) continue;
    n += 1;
    if (sources & TASK2_INPUT) task2 += 1;
    if (sources & TASK3_CANDIDATE) task3 += 1;
    if (sources !== 0) either += 1;
  }
  const share = (count: number) => (n > 0 ? count / n : 0);
  const publicShare = share(either);
  const submissionShare = bestOverlap ? share(bestOverlap.shared) : 0;
  const shares = dialogueShares(dialogue);
  return {
    values: n,
    publicShare,
    task2InputShare: share(task2),
    task3CandidateShare: share(task3),
    submissionShare,
    submissionId: bestOverlap && bestOverlap.shared > 0 ? bestOverlap.submissionId : null,
    threshold,
    flagged: (n >= MIN_VALUES && (publicShare >= threshold || submissionShare >= threshold)) || dialogueReaches(dialogue, threshold),
    dialogue: {
      items: dialogue.items,
      matchedShare: shares.matchedShare,
      publicValues: dialogue.publicValues,
      coveredShare: shares.coveredShare,
      similarity: VALUE_MATCH,
    },
  };
}

/** The two shares of dialogue counts (0 when there is nothing to divide). */
export function dialogueShares(counts: DialogueMatchCounts): { matchedShare: number; coveredShare: number } {
  return {
    matchedShare: counts.items > 0 ? counts.matched / counts.items : 0,
    coveredShare: counts.publicValues > 0 ? counts.covered / counts.publicValues : 0,
  };
}

/**
 * Whether dialogue counts reach the threshold: the share of items matched (of MIN_VALUES items or more), or the
 * share of public memories covered (of MIN_VALUES memories or more), which junk items added to the rows cannot dilute.
 */
export function dialogueReaches(counts: DialogueMatchCounts, threshold: number = CONTAMINATION_THRESHOLD): boolean {
  const { matchedShare, coveredShare } = dialogueShares(counts);
  return (counts.items >= MIN_VALUES && matchedShare >= threshold) || (counts.publicValues >= MIN_VALUES && coveredShare >= threshold);
}

/** The skeletons that count (see measureContamination): of MIN_TOKENS tokens, or containing a public value. */
export function countedSkeletons(predicted: ReadonlyMap<string, boolean>, index: PublicValueIndex): string[] {
  return [...predicted].filter(([s, long]) => long || publicSourcesWithin(index, s) !== 0).map(([s]) => s);
}
