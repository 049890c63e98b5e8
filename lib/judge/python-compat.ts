/**
 * The two bits of Python semantics the authors' judge scoring depends on. Kept apart and tested so the
 * score functions can say exactly which rule they follow.
 */

/**
 * Python's `round(x, ndigits)` on a double: the exact binary value is rounded to `ndigits` decimals,
 * and only an exact tie (the double is exactly halfway) goes to the even neighbour. JavaScript's
 * `toFixed` also works on the exact value but breaks ties away from zero, so ties are detected from
 * the exact decimal expansion (`toFixed(100)` is exact for every double >= 2^-47 in magnitude, far
 * below any score) and corrected.
 */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x)) return x;
  if (!Number.isInteger(ndigits) || ndigits < 0 || ndigits > 20) throw new RangeError(`ndigits ${ndigits}`);
  const rounded = x.toFixed(ndigits);
  const exact = Math.abs(x).toFixed(100);
  const dot = exact.indexOf(".");
  const tail = exact.slice(dot + 1 + ndigits);
  const isTie = tail.length > 0 && tail[0] === "5" && /^50*$/.test(tail);
  if (!isTie) return Number(rounded);
  // Exact tie: choose the neighbour whose last digit is even.
  const lastDigit = Number(rounded[rounded.length - 1]);
  if (lastDigit % 2 === 0) return Number(rounded);
  const truncated = (x < 0 ? "-" : "") + exact.slice(0, dot + 1 + ndigits).replace(/\.$/, "");
  return Number(truncated);
}

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
