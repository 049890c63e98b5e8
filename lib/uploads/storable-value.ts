/**
 * What every uploaded prediction row passes before its track's schema reads it, whatever benchmark or format
 * (AlpsBench's row reader, lib/benchmarks/alpsbench/upload/validate-row.ts, and the module reader,
 * lib/benchmarks/read-upload-rows.ts): values PostgreSQL cannot store, found at upload with their field instead of
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

/** Scans a parsed row (stops at the first refusal). `field`s are JSON paths such as `memory_items[3].value`. */
export function scanStorable(value: unknown): StorableScan {
  const found: StorableScan = { refusal: null, warning: null };
  walk(value, [], found);
  return found;
}

/** Returns true once a refusal is found (the walk stops there). */
function walk(value: unknown, path: (string | number)[], found: StorableScan): boolean {
  if (typeof value === "string") return inText(value, path, found, false);
  if (typeof value === "number") {
    if (Number.isFinite(value)) return false;
    found.refusal = {
      field: fieldOf(path, false),
      message: `${Number.isNaN(value) ? "is NaN" : `is ${value > 0 ? "" : "-"}Infinity (a number too large for a 64-bit float, such as 1e400)`}, not a finite number: write a finite number`,
    };
    return true;
  }
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      const stop = walk(value[index], path, found);
      path.pop();
      if (stop) return true;
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    path.push(key);
    const stop = inText(key, path, found, true) || walk((value as Record<string, unknown>)[key], path, found);
    path.pop();
    if (stop) return true;
  }
  return false;
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
