import { confidenceValue } from "./confidence-score";
import { labelParts } from "./label-similarity";
import { pythonFloat } from "./python-float";
import { kindOf, preview, type ProblemLog } from "./problem-log";
import { prepareValue, type PreparedValue } from "./value-similarity";

/** Everything the matcher needs from one memory item, computed once per item, not once per pair. */
export interface PreparedMemoryItem {
  readonly index: number;
  /** false for anything that is not a JSON object: such an item is counted but can never match */
  readonly valid: boolean;
  readonly id: string | null;
  readonly labelParts: readonly string[];
  readonly value: PreparedValue;
  /** raw `type`, compared with Python == (undefined counts as None) */
  readonly type: unknown;
  readonly confidence: number;
  readonly kind: "direct" | "indirect" | "other";
}

const EMPTY_VALUE = prepareValue("");

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function typeKind(t: unknown): PreparedMemoryItem["kind"] {
  if (typeof t !== "string") return "other";
  const k = t.trim().toLowerCase();
  if (k === "direct") return "direct";
  // SCORING.md: a few gold items say "implied", which means implicit = indirect.
  if (k === "indirect" || k === "implied") return "indirect";
  return "other";
}

export function prepareMemoryItems(items: unknown, side: "gold" | "pred", problems: ProblemLog): PreparedMemoryItem[] {
  if (items === null || items === undefined) return [];
  if (!Array.isArray(items)) {
    problems.add(`${side}: expected a list of memory items, got ${kindOf(items)}; scored as empty`);
    return [];
  }
  const out: PreparedMemoryItem[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = prepareMemoryItem(items[i], i, side, problems);
  return out;
}

function prepareMemoryItem(item: unknown, index: number, side: string, problems: ProblemLog): PreparedMemoryItem {
  const where = `${side}[${index}]`;
  if (!isRecord(item)) {
    problems.add(`${where}: not an object (${kindOf(item)}); counted but never matched`);
    return { index, valid: false, id: null, labelParts: [], value: EMPTY_VALUE, type: undefined, confidence: 1.0, kind: "other" };
  }
  const { memory_id: rawId, label, value, type, confidence } = item;
  const id = typeof rawId === "string" ? rawId : typeof rawId === "number" && Number.isFinite(rawId) ? String(rawId) : null;

  if (label !== undefined && label !== null && typeof label !== "string") {
    problems.add(`${where}.label: ${kindOf(label)} instead of text; compared as Python str() ${preview(label)}`);
  }
  if (value === undefined || value === null || value === "") {
    problems.add(`${where}.value: missing or empty; value similarity is 0`);
  } else if (typeof value !== "string") {
    problems.add(`${where}.value: ${kindOf(value)} instead of text; scored by its JSON text`);
  }
  if (type !== undefined && type !== null && typeof type !== "string") {
    problems.add(`${where}.type: ${kindOf(type)} instead of text ${preview(type)}`);
  }
  if (confidence !== undefined && confidence !== null) {
    const f = pythonFloat(confidence);
    if (f === null || Number.isNaN(f)) {
      problems.add(`${where}.confidence: ${preview(confidence)} is not a number; treated as 1.0`);
    } else if (f < 0 || f > 1) {
      problems.add(`${where}.confidence: ${preview(confidence)} is outside [0, 1]; clamped`);
    }
  }
  return { index, valid: true, id, labelParts: labelParts(label), value: prepareValue(value), type, confidence: confidenceValue(confidence), kind: typeKind(type) };
}
