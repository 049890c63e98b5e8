import { readTask3Prediction } from "./read-task3-prediction";

interface Task3RecallInput {
  /** the gold candidate's id in this instance's pool */
  goldId: string;
  /** the prediction row (or raw text); undefined/null when the row is missing, which counts as wrong */
  prediction: unknown;
}

interface Task3RecallResult {
  n: number;
  correct: number;
  /** correct / n; null when n = 0 */
  recall: number | null;
  /** per instance, in input order */
  hits: boolean[];
  /** per instance, the id read from the prediction (null when none) */
  selected: (string | null)[];
  problems: string[];
}

/**
 * Task 3 deterministic recall: the share of instances whose selected id is
 * exactly the gold candidate id (case-sensitive, after trimming whitespace).
 */
export function task3Recall(items: readonly Task3RecallInput[]): Task3RecallResult {
  const hits: boolean[] = [];
  const selected: (string | null)[] = [];
  const problems: string[] = [];
  items.forEach((item, i) => {
    if (item.prediction === undefined || item.prediction === null) {
      hits.push(false);
      selected.push(null);
      problems.push(`instance ${i}: no prediction (scored as wrong)`);
      return;
    }
    const p = readTask3Prediction(item.prediction);
    selected.push(p.selectedMemoryId);
    hits.push(p.selectedMemoryId !== null && p.selectedMemoryId === item.goldId);
    for (const msg of p.problems) if (problems.length < 50) problems.push(`instance ${i}: ${msg}`);
  });
  const correct = hits.filter(Boolean).length;
  return { n: items.length, correct, recall: items.length ? correct / items.length : null, hits, selected, problems };
}
