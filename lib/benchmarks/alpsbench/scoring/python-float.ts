import { isPythonSpace, pythonStrip } from "./python-whitespace";

/**
 * Python's `float(value)` for a JSON value, or null where Python raises.
 * The authors read confidence with `float(...)` inside try/except, so this
 * decides which confidences are "unparsable" (→ 1.0). Accepted: numbers,
 * booleans (True → 1.0), and strings in Python's float grammar: surrounding
 * whitespace, sign, digits with single underscores between them, optional
 * fraction and exponent, "inf"/"infinity"/"nan" in any case, and decimal
 * digits of any script (Python maps them to ASCII first).
 */
export function pythonFloat(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string") return null;
  return parseFloatText(value);
}

const DIGITS = "(?:\\d(?:_?\\d)*)";
const FLOAT_RE = new RegExp(`^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf|infinity|nan)$`, "i");
const ND = /\p{Nd}/u;

function parseFloatText(raw: string): number | null {
  let s = raw;
  // eslint-disable-next-line no-control-regex -- the range is all of ASCII (non-ASCII test), \x00 included on purpose
  if (/[^\x00-\x7f]/.test(s)) s = asciiDigitsAndSpaces(s);
  s = pythonStrip(s);
  if (!FLOAT_RE.test(s)) return null;
  const lower = s.toLowerCase();
  const sign = lower.startsWith("-") ? -1 : 1;
  const body = lower.replace(/^[+-]/, "");
  if (body === "nan") return NaN;
  if (body === "inf" || body === "infinity") return sign * Infinity;
  return Number(s.replace(/_/g, ""));
}

// Python converts every Unicode decimal digit (category Nd) to its ASCII digit
// before parsing. Nd digits come in contiguous runs of ten starting at zero,
// so a digit's value is its offset within its run, modulo 10.
function asciiDigitsAndSpaces(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80 || !ND.test(ch)) {
      out += cp >= 0x80 && isPythonSpace(cp) ? " " : ch;
      continue;
    }
    let k = 0;
    while (ND.test(String.fromCodePoint(cp - k - 1))) k++;
    out += String(k % 10);
  }
  return out;
}
