import { textOf, textOrNull } from "./display-text";
import { isJsonObject } from "@/lib/llm-judge/extract-json";
import type { ReviewItem, ReviewPair, T12ReviewInput } from "./prompts/t12-review";

/**
 * The part of lib/scoring's scoreMemorySet result the Task 1/2 judge needs. Declared structurally here so
 * lib/judge does not import lib/scoring (the pipeline passes the real result, which has these fields).
 */
export type MemorySetMatchView = {
  pairs: readonly {
    goldIndex: number;
    predIndex: number;
    score: number;
    label: number;
    value: number;
    type: number | boolean;
    confidence: number;
  }[];
  missingGold: readonly number[];
  extraPred: readonly number[];
};

type T12ReviewBuild = {
  input: T12ReviewInput;
  /**
   * "original": the items' own memory_id values are shown to the judge (they were non-empty and
   * unique, and gold and predicted ids did not collide). "positional": G1.., P1.. are used instead,
   * so the judge's answer can always be mapped back to one item.
   */
  idScheme: "original" | "positional";
  predIds: string[];
};

/**
 * Build the judge's view of one Task 1/2 instance: gold and predicted items reduced to the scored fields
 * (no evidence, no reasoning: the judge never sees the dialogue), the matcher's accepted pairs with their
 * component similarities, the missing gold and the extra predictions.
 */
export function buildT12ReviewInput(task: "task1" | "task2", gold: readonly unknown[], pred: readonly unknown[], match: MemorySetMatchView): T12ReviewBuild {
  const rawGoldIds = gold.map(memoryIdOf);
  const rawPredIds = pred.map(memoryIdOf);
  const usable = allUniqueNonEmpty(rawGoldIds) && allUniqueNonEmpty(rawPredIds) && !rawGoldIds.some((id) => rawPredIds.includes(id));
  const goldIds = usable ? (rawGoldIds as string[]) : gold.map((_, i) => `G${i + 1}`);
  const predIds = usable ? (rawPredIds as string[]) : pred.map((_, j) => `P${j + 1}`);

  const pairs: ReviewPair[] = match.pairs.map((pair) => ({
    gold_id: idAt(goldIds, pair.goldIndex),
    pred_id: idAt(predIds, pair.predIndex),
    similarity: {
      pair_score: round4(pair.score),
      label: round4(pair.label),
      value: round4(pair.value),
      type_match: typeof pair.type === "boolean" ? pair.type : pair.type >= 1,
      confidence: round4(pair.confidence),
    },
  }));

  return {
    input: {
      task,
      gold: gold.map((item, i) => reviewItem(item, idAt(goldIds, i))),
      predicted: pred.map((item, j) => reviewItem(item, idAt(predIds, j))),
      pairs,
      missing_gold_ids: match.missingGold.map((i) => idAt(goldIds, i)),
      extra_pred_ids: match.extraPred.map((j) => idAt(predIds, j)),
    },
    idScheme: usable ? "original" : "positional",
    predIds,
  };
}

function idAt(ids: readonly string[], index: number): string {
  const id = ids[index];
  if (id === undefined) throw new RangeError(`match refers to item ${index}, but there are ${ids.length} items`);
  return id;
}

function memoryIdOf(item: unknown): string | null {
  if (!isJsonObject(item)) return null;
  const id = item.memory_id;
  return typeof id === "string" && id.trim() !== "" ? id : typeof id === "number" ? String(id) : null;
}

function allUniqueNonEmpty(ids: readonly (string | null)[]): boolean {
  return ids.every((id) => id !== null) && new Set(ids).size === ids.length;
}

function reviewItem(item: unknown, id: string): ReviewItem {
  const fields = isJsonObject(item) ? item : {};
  const label = textOrNull(fields.label);
  const view: ReviewItem = {
    id,
    type: textOrNull(fields.type),
    label,
    value: textOf(fields.value),
    confidence: numberOrNull(fields.confidence),
  };
  if (label === "UNMAPPED" && fields.label_suggestion != null) view.label_suggestion = textOrNull(fields.label_suggestion);
  return view;
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Display rounding for the prompt only (4 decimals is what the matcher itself reports). */
function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
