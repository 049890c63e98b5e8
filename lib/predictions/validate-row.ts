import type { z } from "zod";
import { parseLenientJson, readTask3Prediction } from "@/lib/scoring";
import { describeType, describeZodIssue } from "@/lib/datasets/errors";
import { taskOf, type TrackId } from "@/lib/tracks";
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
export interface PredictionProblem {
  field: string;
  message: string;
  /** true when the row is rejected; false when only an item or field was dropped or coerced */
  fatal: boolean;
}

export type PredictionRow = MemoryPredictionRow | Task3PredictionRow | Task4PredictionRow;

export type RowValidation<Row> = { ok: true; row: Row; problems: PredictionProblem[] } | { ok: false; problems: PredictionProblem[] };

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
  const value = unwrapJsonText(raw);
  const envelope = parseEnvelope(MemoryPredictionRowSchema, value);
  if (!envelope.ok) return envelope;
  const { items, problems } = validateMemoryItems(envelope.data.memory_items, "memory_items");
  return { ok: true, row: { benchmark_id: envelope.data.benchmark_id, memory_items: items }, problems };
}

export function validateTask3PredictionRow(raw: unknown): RowValidation<Task3PredictionRow> {
  const value = unwrapJsonText(raw);
  const envelope = parseEnvelope(Task3PredictionRowSchema, value);
  if (!envelope.ok) return envelope;
  const problems: PredictionProblem[] = [];
  const selected = normalizeSelectedMemoryId(envelope.data.selected_memory_id);
  if (selected === null) {
    const given = envelope.data.selected_memory_id;
    problems.push({
      field: "selected_memory_id",
      message: given === undefined ? "missing (scores as a miss)" : `no usable id in ${describeType(given)} (scores as a miss)`,
      fatal: false,
    });
  }
  const row: Task3PredictionRow = { benchmark_id: envelope.data.benchmark_id, selected_memory_id: selected };
  for (const key of ["answer", "reason"] as const) {
    const text = envelope.data[key];
    if (text === undefined || text === null) continue;
    if (typeof text === "string") row[key] = text;
    else problems.push({ field: key, message: `expected string, got ${describeType(text)} (ignored)`, fatal: false });
  }
  return { ok: true, row, problems };
}

export function validateTask4PredictionRow(raw: unknown): RowValidation<Task4PredictionRow> {
  const value = unwrapJsonText(raw);
  const envelope = parseEnvelope(Task4PredictionRowSchema, value);
  if (!envelope.ok) return envelope;
  const problems: PredictionProblem[] = [];
  const responses: Task4PredictionRow["responses"] = [];
  const seen = new Set<string>();
  envelope.data.responses.forEach((item, index) => {
    const parsed = Task4Response.safeParse(item);
    if (!parsed.success) {
      const issue = item !== null && typeof item === "object" && !Array.isArray(item)
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
  return { ok: true, row: { benchmark_id: envelope.data.benchmark_id, responses }, problems };
}

/**
 * Item-by-item check of predicted memory items: non-objects are dropped; a field of the wrong type
 * (`label: 3`, `confidence: {}`) is removed from the item, which is kept. Null fields count as
 * missing.
 */
export function validateMemoryItems(
  items: readonly unknown[],
  fieldPrefix = "memory_items",
): { items: PredictedMemoryItem[]; problems: PredictionProblem[] } {
  const out: PredictedMemoryItem[] = [];
  const problems: PredictionProblem[] = [];
  items.forEach((item, index) => {
    const at = `${fieldPrefix}[${index}]`;
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      problems.push({ field: at, message: `expected object, got ${describeType(item)} (counts as a prediction that matches nothing)`, fatal: false });
      return;
    }
    const cleaned: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (value === null) continue;
      cleaned[key] = value;
    }
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

function parseEnvelope<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; problems: PredictionProblem[] } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, problems: [{ field: "(root)", message: `expected object, got ${describeType(value)}`, fatal: true }] };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const { field, message } = describeZodIssue(parsed.error, value);
  return { ok: false, problems: [{ field, message, fatal: true }] };
}
