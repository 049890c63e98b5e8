import type { z } from "zod";
import { parseLenientJson, readTask3Prediction } from "@/lib/benchmarks/alpsbench/scoring/read-task3-prediction";
import { describeType, describeZodIssue } from "@/lib/benchmarks/alpsbench/data/errors";
import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { scanStorable } from "@/lib/uploads/storable-value";
import {
  MemoryPredictionRowSchema,
  PredictedMemoryItem,
  Task3PredictionRowSchema,
  Task4PredictionRowSchema,
  Task4Response,
  type MemoryPredictionRow,
  type Task3PredictionRow,
  type Task4PredictionRow,
} from "./schemas";

/** One problem in a prediction row: `field` is a JSON path such as `memory_items[3].confidence`. */
interface PredictionProblem {
  field: string;
  message: string;
  /** true when the row is rejected; false when only an item or field was dropped or coerced */
  fatal: boolean;
}

export type PredictionRow = MemoryPredictionRow | Task3PredictionRow | Task4PredictionRow;

/**
 * `value` is the row object as read: the parsed line itself, or the object a JSON-text row holds. The scorer
 * reads raw items from it (as the authors' scorer does); `row` is the checked, typed view.
 */
type RowValidation<Row> = { ok: true; row: Row; value: Record<string, unknown>; problems: PredictionProblem[] } | { ok: false; problems: PredictionProblem[] };

/**
 * Validates one prediction row for a track. The envelope must be right (else `ok: false` with the
 * field); items are checked one by one and bad ones are dropped or trimmed with a non-fatal
 * problem, so a partly odd model output still scores.
 */
export function validatePredictionRow(track: TrackId, raw: unknown): RowValidation<PredictionRow> {
  const task = taskOf(track);
  if (task === "task1" || task === "task2") return validateMemoryPredictionRow(raw);
  if (task === "task3") return validateTask3PredictionRow(raw);
  return validateTask4PredictionRow(raw);
}

export function validateMemoryPredictionRow(raw: unknown): RowValidation<MemoryPredictionRow> {
  const read = readRow(MemoryPredictionRowSchema, raw);
  if (!read.ok) return read;
  const { items, problems } = validateMemoryItems(read.data.memory_items, "memory_items");
  // The scorer reads the raw items (as the authors' scorer does), but only the objects: the authors' pipeline
  // parses a model's output and drops every item that is not an object (a null, a JSON string) before scoring,
  // so such an item is no unmatched prediction there, and is none here.
  const objects = read.data.memory_items.filter(isObject);
  const value = objects.length === read.data.memory_items.length ? read.value : { ...read.value, memory_items: objects };
  return { ok: true, row: { benchmark_id: read.data.benchmark_id, memory_items: items }, value, problems: [...read.problems, ...problems] };
}

function validateTask3PredictionRow(raw: unknown): RowValidation<Task3PredictionRow> {
  const read = readRow(Task3PredictionRowSchema, raw);
  if (!read.ok) return read;
  const { data, problems } = read;
  const selected = normalizeSelectedMemoryId(data.selected_memory_id);
  // a row with no id but the chosen memory's value is scored by the value (task3-hit.ts), as the authors' checker does
  if (selected === null && readTask3Prediction(read.value).selectedValue === null) {
    const given = data.selected_memory_id;
    problems.push({
      field: "selected_memory_id",
      message: given === undefined ? "missing (scores as a miss)" : `no usable id in ${describeType(given)} (scores as a miss)`,
      fatal: false,
    });
  }
  const row: Task3PredictionRow = { benchmark_id: data.benchmark_id, selected_memory_id: selected };
  for (const key of ["answer", "reason"] as const) {
    const text = data[key];
    if (text === undefined || text === null) continue;
    if (typeof text === "string") row[key] = text;
    else problems.push({ field: key, message: `expected string, got ${describeType(text)} (ignored)`, fatal: false });
  }
  return { ok: true, row, value: read.value, problems };
}

/**
 * Task 4 takes two row forms: the official contract's `{benchmark_id, answer, used_memory_fact}` (one answer,
 * to the instance's first query: what the authors' harness writes for every ability, EI included) and the
 * older `{benchmark_id, responses: [{query_id, response}]}` (one response per query). A row holds one or the
 * other.
 */
export function validateTask4PredictionRow(raw: unknown): RowValidation<Task4PredictionRow> {
  const read = readRow(Task4PredictionRowSchema, raw);
  if (!read.ok) return read;
  const { benchmark_id, answer, used_memory_fact, responses: given } = read.data;
  const { value, problems } = read;
  if (given !== undefined && answer !== undefined) {
    return refused("responses", "a row holds either answer (the official form: one answer) or responses (one per query), not both");
  }
  if (answer !== undefined) {
    const row: Task4PredictionRow = { benchmark_id, responses: [{ query_id: null, response: answer }] };
    if (typeof used_memory_fact === "string") row.used_memory_fact = used_memory_fact;
    else if (used_memory_fact !== undefined && used_memory_fact !== null) {
      problems.push({ field: "used_memory_fact", message: `expected string, got ${describeType(used_memory_fact)} (ignored; it is not scored)`, fatal: false });
    }
    return { ok: true, row, value, problems };
  }
  if (given === undefined) {
    return refused("answer", "missing: a Task 4 row is {benchmark_id, answer, used_memory_fact}, or {benchmark_id, responses: [{query_id, response}]}");
  }
  const responses: Task4PredictionRow["responses"] = [];
  const seen = new Set<string>();
  given.forEach((item, index) => {
    const parsed = Task4Response.safeParse(item);
    if (!parsed.success) {
      const issue = isObject(item)
        ? describeZodIssue(parsed.error, item, ["responses", index])
        : { field: `responses[${index}]`, message: `expected object, got ${describeType(item)}` };
      problems.push({ ...issue, message: `${issue.message} (response dropped)`, fatal: false });
      return;
    }
    if (seen.has(parsed.data.query_id)) {
      problems.push({ field: `responses[${index}].query_id`, message: `duplicate ${JSON.stringify(parsed.data.query_id)} (later response dropped)`, fatal: false });
      return;
    }
    seen.add(parsed.data.query_id);
    responses.push(parsed.data);
  });
  return { ok: true, row: { benchmark_id, responses }, value, problems };
}

export const isObject = (item: unknown): item is Record<string, unknown> => item !== null && typeof item === "object" && !Array.isArray(item);

/**
 * Item-by-item check of predicted memory items: non-objects are dropped (before scoring too, as the authors'
 * pipeline drops them); a field of the wrong type
 * (`label: 3`, `confidence: {}`) is removed from the item, which is kept. Null fields count as
 * missing.
 */
export function validateMemoryItems(items: readonly unknown[], fieldPrefix = "memory_items"): { items: PredictedMemoryItem[]; problems: PredictionProblem[] } {
  const out: PredictedMemoryItem[] = [];
  const problems: PredictionProblem[] = [];
  items.forEach((item, index) => {
    const at = `${fieldPrefix}[${index}]`;
    if (!isObject(item)) {
      problems.push({ field: at, message: `expected object, got ${describeType(item)} (dropped before scoring, as the authors' pipeline drops it)`, fatal: false });
      return;
    }
    const cleaned = Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null));
    for (const key of ["memory_id", "type", "label"] as const) {
      const value = cleaned[key];
      if (value === undefined || typeof value === "string") continue;
      if (key === "memory_id" && typeof value === "number" && Number.isFinite(value)) {
        cleaned[key] = String(value);
        continue;
      }
      // The scorer reads the raw item as the authors' scorer does (a non-string becomes its text), so the
      // value still counts; the problem tells the submitter it is probably not what they meant.
      problems.push({ field: `${at}.${key}`, message: `expected string, got ${describeType(value)} (scored as its text)`, fatal: false });
      delete cleaned[key];
    }
    const confidence = cleaned.confidence;
    if (confidence !== undefined && typeof confidence !== "number" && typeof confidence !== "string") {
      problems.push({ field: `${at}.confidence`, message: `expected number, got ${describeType(confidence)} (counts as missing: 1.0)`, fatal: false });
      delete cleaned.confidence;
    } else if (typeof confidence === "string" && !Number.isFinite(Number.parseFloat(confidence))) {
      problems.push({ field: `${at}.confidence`, message: `${JSON.stringify(confidence.slice(0, 40))} is not a number (counts as missing: 1.0)`, fatal: false });
    }
    const parsed = PredictedMemoryItem.safeParse(cleaned);
    if (parsed.success) out.push(parsed.data);
    else problems.push({ field: at, message: "unusable item (dropped)", fatal: false });
  });
  return { items: out, problems };
}

/**
 * A Task 3 id as models write it: `"m3"`, `3`, `"\"m3\""`, or a fenced JSON object
 * ```` ```json {"selected_memory_id": "m3"} ``` ````. The scorer's own reader decides, so validation and
 * scoring can never disagree about which id a row selected. Matching stays exact after unwrapping.
 */
export function normalizeSelectedMemoryId(value: unknown): string | null {
  return readTask3Prediction({ selected_memory_id: value }).selectedMemoryId;
}

/** A row given as JSON text (fenced, or inside prose) is parsed as the scorer parses it; anything else is returned as is. */
export function unwrapJsonText(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  const parsed = parseLenientJson(raw);
  return parsed === undefined ? raw : parsed;
}

/**
 * What every row goes through before its track's shape is checked, whatever its line: a row written as JSON
 * text (a JSON-encoded string, fenced JSON, JSON inside prose) is read leniently as the object it holds, as
 * SCORING.md asks for Task 3 ("be lenient in reading a prediction"), with a warning; text that holds no
 * object is refused at "(root)". Then a NUL, a lone surrogate or a number that is not finite anywhere in the row
 * refuses it, with its field (other control characters: a warning). Last, the row's envelope is parsed by its track's schema.
 */
function readRow<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { ok: true; value: Record<string, unknown>; data: z.infer<S>; problems: PredictionProblem[] } | { ok: false; problems: PredictionProblem[] } {
  const problems: PredictionProblem[] = [];
  const value = unwrapJsonText(raw);
  if (typeof raw === "string") {
    if (!isObject(value)) return refused("(root)", `expected a row object, got a string that holds ${value === raw ? "no JSON object" : describeType(value)}`);
    problems.push({ field: "(root)", message: "the row is JSON text (a string), not a JSON object: read as the object it holds", fatal: false });
  }
  if (!isObject(value)) return refused("(root)", `expected object, got ${describeType(value)}`);
  // Every row of every upload passes here: a value PostgreSQL cannot store refuses the row (lib/uploads/storable-value.ts).
  const storable = scanStorable(value);
  if (storable.refusal) return { ok: false, problems: [{ ...storable.refusal, fatal: true }] };
  if (storable.warning) problems.push({ ...storable.warning, fatal: false });
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const { field, message } = describeZodIssue(parsed.error, value);
    return refused(field, message);
  }
  return { ok: true, value, data: parsed.data, problems };
}

function refused(field: string, message: string): { ok: false; problems: PredictionProblem[] } {
  return { ok: false, problems: [{ field, message, fatal: true }] };
}
