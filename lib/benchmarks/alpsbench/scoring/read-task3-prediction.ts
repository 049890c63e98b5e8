import { kindOf } from "./problem-log";

interface Task3Prediction {
  selectedMemoryId: string | null;
  /** the chosen memory's value, where the row gives one (`selected_memory.value` or `selected_memory_value`) */
  selectedValue: string | null;
  answer: string | null;
  reason: string | null;
  problems: string[];
}

const FENCE = /```[a-zA-Z0-9_-]*\s*([\s\S]*?)```/;
const MAX_DEPTH = 4;

/**
 * Reads a Task 3 prediction leniently (SCORING.md: "lenient in reading,
 * strict in matching ids"): a row object with `selected_memory_id`, or
 * `selected_memory.memory_id`; a JSON string; JSON inside ``` code fences;
 * a JSON object embedded in prose; and the same forms tucked into the row's
 * `selected_memory_id`, `answer`, `raw_output`, `output` or `response` text
 * (where models' raw replies usually land). The id is trimmed of
 * surrounding whitespace and otherwise returned as written (task3-hit.ts compares it without regard to case).
 * As the authors' public checker (src/benchmark/metrics.py) reads a row, a `prediction` object stands for the
 * row, `memory_key` is an id where `selected_memory_id` is missing, and `selected_memory.value` or
 * `selected_memory_value` give the chosen memory's value.
 */
export function readTask3Prediction(input: unknown): Task3Prediction {
  const problems: string[] = [];
  const found = read(input, 0, problems);
  if (found.selectedMemoryId === null && found.selectedValue === null && problems.length === 0) problems.push("no selected_memory_id found");
  return { ...found, problems };
}

type Found = Omit<Task3Prediction, "problems">;
const NONE: Found = { selectedMemoryId: null, selectedValue: null, answer: null, reason: null };

function read(input: unknown, depth: number, problems: string[]): Found {
  if (depth > MAX_DEPTH) return NONE;
  if (typeof input === "string") {
    const parsed = parseLenientJson(input);
    if (parsed === undefined) return NONE;
    return read(parsed, depth + 1, problems);
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    if (input !== undefined && input !== null) problems.push(`prediction is ${kindOf(input)}, not an object or JSON text`);
    return NONE;
  }
  const outer = input as Record<string, unknown>;
  // the checker scores `prediction` in place of the row when a row has one
  const wrapped = outer.prediction;
  const row = typeof wrapped === "object" && wrapped !== null && !Array.isArray(wrapped) ? (wrapped as Record<string, unknown>) : outer;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const sel = row.selected_memory;
  const selObject = typeof sel === "object" && sel !== null && !Array.isArray(sel) ? (sel as Record<string, unknown>) : null;
  const value = text(selObject?.value) ?? text(row.selected_memory_value);
  const base: Found = {
    selectedMemoryId: null,
    selectedValue: value !== null && value.trim() !== "" ? value : null,
    answer: text(row.answer),
    reason: text(row.reason),
  };
  const direct = row.selected_memory_id ?? row.memory_key;
  if (typeof direct === "number" && Number.isFinite(direct)) return { ...base, selectedMemoryId: String(direct) };
  if (typeof direct === "string") {
    const trimmed = direct.trim();
    // A whole JSON reply pasted into the id field: read the id out of it.
    if (/^(```|\{)/.test(trimmed)) {
      const inner = read(trimmed, depth + 1, problems);
      if (inner.selectedMemoryId !== null) return mergeText(base, inner);
      // JSON-looking text with no id in it is not an id either
      problems.push("selected_memory_id holds JSON-like text without an id");
      return base;
    }
    // An id written as a JSON string ("\"m3\""): unwrap the quotes, keep the id exact.
    if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
      try {
        const unquoted: unknown = JSON.parse(trimmed);
        if (typeof unquoted === "string" && unquoted.trim()) return { ...base, selectedMemoryId: unquoted.trim() };
      } catch {
        // not a JSON string: fall through and keep the text as written
      }
    }
    if (trimmed.length > 0) return { ...base, selectedMemoryId: trimmed };
  }
  if (selObject) {
    const id = selObject.memory_id;
    if (typeof id === "string" && id.trim()) return { ...base, selectedMemoryId: id.trim() };
  }
  for (const key of ["raw_output", "output", "response", "answer"]) {
    const v = row[key];
    if (typeof v === "string" && v.includes("selected_memory")) {
      const inner = read(v, depth + 1, problems);
      if (inner.selectedMemoryId !== null) return mergeText(base, inner);
    }
  }
  return base;
}

function mergeText(outer: Found, inner: Found): Found {
  return {
    selectedMemoryId: inner.selectedMemoryId,
    selectedValue: inner.selectedValue ?? outer.selectedValue,
    answer: inner.answer ?? outer.answer,
    reason: inner.reason ?? outer.reason,
  };
}

/** JSON text, fenced JSON, or the outermost {...} in prose; undefined when none parses. */
export function parseLenientJson(text: string): unknown {
  const attempts: string[] = [text.trim()];
  const fence = FENCE.exec(text);
  if (fence?.[1] !== undefined) attempts.push(fence[1].trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first >= 0 && last > first) attempts.push(text.slice(first, last + 1));
  for (const a of attempts) {
    if (!a) continue;
    try {
      return JSON.parse(a) as unknown;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}
