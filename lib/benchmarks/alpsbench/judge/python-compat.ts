/**
 * Python semantics the authors' judge scoring depends on, besides round() (which lib/scoring's
 * pythonRound provides and the judge scores reuse).
 */

/**
 * Python's `int(v)` for a value decoded from JSON, or null where Python raises.
 * bool -> 0/1; finite number -> truncated toward zero; string -> an optionally signed run of ASCII
 * digits (single underscores allowed between digits) with surrounding whitespace; anything else
 * (null, "2.5", NaN, Infinity, arrays, objects) -> null. (Python also accepts non-ASCII decimal
 * digits in strings; a judge writing severity in such digits is treated as unparsable here.)
 */
export function pyInt(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === "string") {
    const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(value);
    if (!match) return null;
    const digits = (match[2] ?? "").replace(/_/g, "");
    const magnitude = Number(digits);
    return match[1] === "-" ? -magnitude : magnitude;
  }
  return null;
}
