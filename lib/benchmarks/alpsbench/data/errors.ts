import type { z } from "zod";

/**
 * What went wrong, as a stable code the importer/CLI/API can map to a status or exit code.
 * The human message always names the file, the line (JSONL) and the field.
 */
type DatasetErrorCode =
  | "missing_directory"
  | "missing_file"
  | "unreadable"
  | "malformed_json"
  | "invalid_field"
  | "duplicate_id"
  | "unknown_split_folder"
  | "unknown_track_folder"
  | "inconsistent"
  | "orphan_reference"
  | "unknown_model";

interface DatasetErrorDetails {
  code: DatasetErrorCode;
  /** path shown to people, relative to the parent of the directory the reader was given */
  file: string;
  /** 1-based line of a JSONL file; absent for whole-file JSON */
  line?: number;
  /** JSON path inside the row/file, e.g. `task1.ground_truth_memories[2].value` */
  field?: string;
  /** what is wrong, e.g. `expected string, got number` or `missing` */
  message: string;
}

/**
 * The one error type of lib/datasets. Readers are all-or-nothing (the importer must not load half a
 * dataset), so they throw the first hard error instead of collecting them.
 *
 * `message` reads like `packets/chunks/chunk_0003/sess_x.json: field task1.session_dir: expected string, got number`
 * or `benchmark_data/dev/task1/model_input.jsonl line 17: field benchmark_id: missing`.
 */
export class DatasetError extends Error {
  readonly code: DatasetErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly detail: string;

  constructor(details: DatasetErrorDetails, options?: { cause?: unknown }) {
    super(formatDatasetError(details), options);
    this.name = "DatasetError";
    this.code = details.code;
    this.file = details.file;
    this.line = details.line;
    this.field = details.field;
    this.detail = details.message;
  }
}

/** The readers' most common error: a field that disagrees with another field, file or line. */
export function inconsistent(where: { file: string; line?: number }, field: string, message: string): DatasetError {
  return new DatasetError({ code: "inconsistent", ...where, field, message });
}

export function formatDatasetError(details: Omit<DatasetErrorDetails, "code">): string {
  const where = details.line === undefined ? details.file : `${details.file} line ${details.line}`;
  const field = details.field ? `field ${details.field}: ` : "";
  return `${where}: ${field}${details.message}`;
}

/** `["task1", "ground_truth_memories", 2, "value"]` → `task1.ground_truth_memories[2].value` */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z_$][\w$-]*$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out;
}

/** JSON-ish type name of a runtime value, for "expected X, got Y" messages. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) return "non-finite number";
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return { found: false, value: undefined };
    if (!Object.prototype.hasOwnProperty.call(current, key)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/**
 * Turns the first zod issue into (field, message). Zod's own wording ("Invalid input: expected
 * string, received undefined") is replaced by "missing" / "expected string, got number" so every
 * reader reports problems the same way.
 */
export function describeZodIssue(error: z.ZodError, raw: unknown, fieldPrefix: readonly PropertyKey[] = []): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: formatJsonPath(fieldPrefix) || "(root)", message: "invalid value" };
  const path = [...fieldPrefix, ...issue.path];
  const field = formatJsonPath(path) || "(root)";
  const at = valueAt(raw, issue.path);

  switch (issue.code) {
    case "invalid_type": {
      if (!at.found || at.value === undefined) return { field, message: "missing" };
      return { field, message: `expected ${issue.expected}, got ${describeType(at.value)}` };
    }
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return { field, message: "must not be empty" };
      if (issue.origin === "array") return { field, message: `must have at least ${issue.minimum} item(s)` };
      return { field, message: issue.message };
    case "invalid_value":
      return {
        field,
        message: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(at.value)}`,
      };
    case "invalid_union": {
      if (!at.found || at.value === undefined) return { field, message: "missing" };
      return { field, message: `unexpected ${describeType(at.value)} (matches none of the allowed shapes)` };
    }
    default:
      return { field, message: issue.message };
  }
}
