import { confidenceValue } from "./confidence-score";
import { labelText } from "./label-similarity";
import { normalize } from "./normalize";
import { pairScore } from "./pair-score";
import { kindOf } from "./problem-log";
import { pythonEquals } from "./python-equals";
import { pythonTruthy } from "./python-truthy";
import { scoreMemorySet } from "./score-memory-set";
import { ratio } from "@/lib/metrics/aggregate";
import type { MemorySetResult } from "./memory-set-result";

/**
 * Task 2 action accuracy. The paper names the metric but ships no code, so
 * this definition is ours (SCORING.md asks us to document it on the site).
 *
 * Gold actions come from the ids in the gold updated list, read against the
 * memory pool before the update:
 *   - retention:    the id is an id of the old pool (the memory is kept);
 *   - modification: the id is `<selected_id>_updated` (the selected memory is rewritten);
 *   - addition:     the id is `m_new_<n>` (a new memory is added).
 * Any other id is reported as a problem and is not an action.
 *
 * Whether the prediction *realized* an action is read off the same greedy
 * one-to-one matching (gold updated list vs predicted list) that gives the
 * Task 2 memory-set score. Let p be the prediction matched to the gold item.
 *   - retention realized:    the retained gold item is matched (to any p);
 *   - modification realized: the updated gold item is matched, and p is
 *     closer to the updated memory than to the old one:
 *     pairScore(updated, p) > pairScore(old, p); on an exact tie, realized
 *     unless p is indistinguishable from the old memory. A prediction that
 *     just repeats the old memory is therefore never a modification. When
 *     updated and old are themselves indistinguishable to the scorer (same
 *     normalised value, label, type and confidence), being matched is enough;
 *   - addition realized:     the new gold item is matched, and p is closer to
 *     it than to every memory of the old pool (so an old memory that happens
 *     to be left over and clears the 0.30 threshold is not an addition).
 * "Indistinguishable" = equal normalised value, label text, type (Python ==)
 * and confidence. A model that keeps the old memory *and* adds the updated
 * one realizes the modification here; the leftover copy is an extra and
 * costs precision in the memory-set score instead.
 */
type Task2ActionKind = "retention" | "modification" | "addition";

interface Task2GoldAction {
  kind: Task2ActionKind;
  /** index in the gold updated list */
  goldIndex: number;
  goldId: string;
  /** index in the pool before update of the memory kept (retention) or rewritten (modification) */
  poolIndex: number | null;
}

interface Task2ActionOutcome extends Task2GoldAction {
  realized: boolean;
  /** prediction matched to this gold item, if any */
  predIndex: number | null;
}

interface Task2ActionCounts {
  total: number;
  realized: number;
}

interface Task2ActionResult {
  actions: Task2ActionOutcome[];
  byKind: Record<Task2ActionKind, Task2ActionCounts>;
  /** realized / total actions of this instance; null when it has no actions */
  accuracy: number | null;
  problems: string[];
}

const ADDITION_ID = /^m_new_\d+$/;

function idOf(item: unknown): string | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return null;
  const id = (item as Record<string, unknown>).memory_id;
  return typeof id === "string" ? id : typeof id === "number" && Number.isFinite(id) ? String(id) : null;
}

export function deriveTask2Actions(poolBefore: unknown, goldUpdated: unknown, selectedId: unknown): { actions: Task2GoldAction[]; problems: string[] } {
  const problems: string[] = [];
  const pool = Array.isArray(poolBefore) ? poolBefore : [];
  const gold = Array.isArray(goldUpdated) ? goldUpdated : [];
  if (!Array.isArray(poolBefore)) problems.push(`memory pool before update: expected a list, got ${kindOf(poolBefore)}`);
  if (!Array.isArray(goldUpdated)) problems.push(`gold updated list: expected a list, got ${kindOf(goldUpdated)}`);
  const poolIndex = new Map<string, number>();
  pool.forEach((item, i) => {
    const id = idOf(item);
    if (id !== null && !poolIndex.has(id)) poolIndex.set(id, i);
  });
  const sel = typeof selectedId === "string" ? selectedId : null;
  if (sel === null) problems.push("selected memory id missing: no modification can be recognised");
  const actions: Task2GoldAction[] = [];
  gold.forEach((item, goldIndex) => {
    const id = idOf(item);
    if (id === null) {
      problems.push(`gold[${goldIndex}]: no memory_id; not an action`);
      return;
    }
    if (sel !== null && id === `${sel}_updated`) {
      actions.push({ kind: "modification", goldIndex, goldId: id, poolIndex: poolIndex.get(sel) ?? null });
    } else if (poolIndex.has(id)) {
      actions.push({ kind: "retention", goldIndex, goldId: id, poolIndex: poolIndex.get(id)! });
    } else if (ADDITION_ID.test(id)) {
      actions.push({ kind: "addition", goldIndex, goldId: id, poolIndex: null });
    } else {
      problems.push(`gold[${goldIndex}]: id ${JSON.stringify(id)} is neither kept, "${sel}_updated" nor m_new_<n>; not an action`);
    }
  });
  return { actions, problems };
}

/** True when every prediction would score the same against a as against b. */
function sameToScorer(a: unknown, b: unknown): boolean {
  const rec = (x: unknown): Record<string, unknown> => (typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  const ra = rec(a);
  const rb = rec(b);
  return (
    normalize(ra.value) === normalize(rb.value) &&
    pythonTruthy(ra.value) === pythonTruthy(rb.value) &&
    labelText(ra.label) === labelText(rb.label) &&
    pythonEquals(ra.type, rb.type) &&
    confidenceValue(ra.confidence) === confidenceValue(rb.confidence)
  );
}

/**
 * Scores one instance's prediction against its gold actions. Pass
 * `memorySet` when the greedy memory-set result for (goldUpdated, pred) is
 * already at hand, to avoid matching twice; it must come from the greedy matcher.
 */
export function scoreTask2Actions(poolBefore: unknown, goldUpdated: unknown, selectedId: unknown, pred: unknown, memorySet?: MemorySetResult): Task2ActionResult {
  const { actions, problems } = deriveTask2Actions(poolBefore, goldUpdated, selectedId);
  const gold = Array.isArray(goldUpdated) ? goldUpdated : [];
  const preds = Array.isArray(pred) ? pred : [];
  const pool = Array.isArray(poolBefore) ? poolBefore : [];
  const ms = memorySet ?? scoreMemorySet(gold, preds);
  const predOfGold = new Map<number, number>();
  for (const p of ms.pairs) predOfGold.set(p.goldIndex, p.predIndex);

  const byKind: Record<Task2ActionKind, Task2ActionCounts> = {
    retention: { total: 0, realized: 0 },
    modification: { total: 0, realized: 0 },
    addition: { total: 0, realized: 0 },
  };
  const outcomes: Task2ActionOutcome[] = actions.map((a) => {
    const predIndex = predOfGold.get(a.goldIndex) ?? null;
    let realized = predIndex !== null;
    const p = predIndex === null ? undefined : preds[predIndex];
    const target = gold[a.goldIndex];
    if (realized && a.kind === "modification") {
      const old = a.poolIndex === null ? undefined : pool[a.poolIndex];
      if (old === undefined) {
        problems.push(`modification ${a.goldId}: the selected memory is not in the pool; counted as realized when matched`);
      } else if (!sameToScorer(target, old)) {
        const su = pairScore(target, p).score;
        const so = pairScore(old, p).score;
        realized = su > so || (su === so && !sameToScorer(old, p));
      }
    } else if (realized && a.kind === "addition") {
      const s = pairScore(target, p).score;
      realized = pool.every((old) => s > pairScore(old, p).score);
    }
    byKind[a.kind].total++;
    if (realized) byKind[a.kind].realized++;
    return { ...a, realized, predIndex };
  });
  const total = outcomes.length;
  const done = outcomes.filter((o) => o.realized).length;
  return { actions: outcomes, byKind, accuracy: ratio(done, total), problems: [...problems, ...ms.problems] };
}
