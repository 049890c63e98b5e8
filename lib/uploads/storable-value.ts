/**
 * What every uploaded prediction row passes before its track's schema reads it, whatever benchmark or format
 * (AlpsBench's row reader, lib/benchmarks/alpsbench/upload/validate-row.ts, and the module reader,
 * lib/uploads/read-upload-rows.ts): values PostgreSQL cannot store, found at upload with their field instead of
 * failing the worker on every retry.
 *
 * - U+0000 (NUL): PostgreSQL refuses it in text and jsonb (22P05, 22021).
 * - A lone UTF-16 surrogate (`"\ud800x"` in JSON): jsonb refuses it ("invalid input syntax for type json",
 *   22P02), and no UTF-8 byte sequence can hold it.
 * - A number that is not finite (`1e400` parses as Infinity): JSON has no such number, so it cannot be stored
 *   as one, and a mean over it is not a figure.
 *
 * Other C0 control characters are storable and occur in real outputs (WildChat dialogues hold U+0015, U+0002, …,
 * and models copy them into evidence text), so they are kept, and the first is reported as a warning.
 */

import { DEFAULT_MAX_ROW_DEPTH } from "@/lib/uploads/prediction-stream-types";

// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** a high surrogate not followed by a low one, or a low one not preceded by a high one */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Finding = { field: string; message: string };

type StorableScan = {
  /** the first value that cannot be stored: the row is refused with it */
  refusal: Finding | null;
  /** the first other control character, when nothing refuses the row (a warning) */
  warning: Finding | null;
};

/**
 * Scans a parsed row (stops at the first refusal). `field`s are JSON paths such as `memory_items[3].value`.
 * A row nested deeper than DEFAULT_MAX_ROW_DEPTH (the row object is level 1) is refused at its top-level field: the
 * stream checks the depth of what it parsed, but a row given as JSON text is parsed again by its reader, so the
 * depth is checked here too. The walk keeps its own stack, so no depth can overflow the call stack.
 */
export function scanStorable(value: unknown): StorableScan {
  const found: StorableScan = { refusal: null, warning: null };
  // depth-first, children pushed in reverse so findings come in document order; a key is checked before its value
  type Step = { value: unknown; path: (string | number)[]; depth: number; key?: true };
  const stack: Step[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { path } = step;
    if (step.key) {
      if (inText(String(path[path.length - 1]), path, found, true)) return found;
      continue;
    }
    const current = step.value;
    if (typeof current === "string") {
      if (inText(current, path, found, false)) return found;
      continue;
    }
    if (typeof current === "number") {
      if (Number.isFinite(current)) continue;
      found.refusal = {
        field: fieldOf(path, false),
        message: `${Number.isNaN(current) ? "is NaN" : `is ${current > 0 ? "" : "-"}Infinity (a number too large for a 64-bit float, such as 1e400)`}, not a finite number: write a finite number`,
      };
      return found;
    }
    if (current === null || typeof current !== "object") continue;
    const depth = step.depth + 1;
    if (depth > DEFAULT_MAX_ROW_DEPTH) {
      found.refusal = { field: fieldOf(path.slice(0, 1), false), message: `nested more than ${DEFAULT_MAX_ROW_DEPTH} levels deep (the row object is level 1)` };
      return found;
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], path: [...path, index], depth });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const childPath = [...path, key];
      stack.push({ value: (current as Record<string, unknown>)[key], path: childPath, depth });
      stack.push({ value: undefined, path: childPath, depth, key: true });
    }
  }
  return found;
}

function fieldOf(path: readonly (string | number)[], isKey: boolean): string {
  let field = "";
  path.forEach((step, i) => {
    const shown = isKey && i === path.length - 1 ? JSON.stringify(step) : step;
    field += typeof shown === "number" ? `[${shown}]` : field === "" ? shown : `.${shown}`;
  });
  return field || "(root)";
}

function inText(text: string, path: readonly (string | number)[], found: StorableScan, isKey: boolean): boolean {
  const what = isKey ? "this key contains" : "contains";
  const nul = text.indexOf("\u0000");
  if (nul >= 0) {
    found.refusal = { field: fieldOf(path, isKey), message: `${what} the character U+0000 (NUL) at character ${nul + 1}, which cannot be stored: remove it` };
    return true;
  }
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const hex = lone[0].charCodeAt(0).toString(16).toUpperCase();
    found.refusal = {
      field: fieldOf(path, isKey),
      message: `${what} a lone surrogate (U+${hex}, "\\u${hex.toLowerCase()}" without its pair) at character ${lone.index + 1}, which is not a character and cannot be stored: write the character itself in UTF-8, or its full surrogate pair`,
    };
    return true;
  }
  if (!found.warning) {
    const match = CONTROL_CHARACTER.exec(text);
    if (match) {
      const code = `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
      found.warning = { field: fieldOf(path, isKey), message: `${what} the control character ${code} at character ${match.index + 1} (kept as written)` };
    }
  }
  return false;
}
