/**
 * Python's whitespace set (`str.isspace()`, `str.strip()`, and `\s` in a str
 * regex). It differs from JavaScript's `\s`: Python includes the information
 * separators U+001C..U+001F and NEL U+0085, and excludes the BOM U+FEFF.
 * Every member is a single UTF-16 unit, so a char-code test is enough.
 */
export const PY_WHITESPACE_CLASS = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

export function isPythonSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Python `str.strip()` with no argument. */
export function pythonStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPythonSpace(s.charCodeAt(start))) start++;
  while (end > start && isPythonSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}
