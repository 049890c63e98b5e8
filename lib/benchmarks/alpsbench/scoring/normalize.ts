import { pythonJsonDumps } from "./python-repr";
import { PY_WHITESPACE_CLASS, pythonStrip } from "./python-whitespace";

// Python's `\w` on str patterns is "alphanumeric per str.isalnum(), or _".
// Checked against CPython 3.11 over every code point assigned in its Unicode
// 14 database: identical to [\p{L}\p{N}_]. Combining marks (Mn/Mc/Me) are NOT
// word characters, so "é" written as e + U+0301 loses its accent to a space.
// Characters added after Unicode 14 follow Node's newer database instead.
const NOT_KEPT = new RegExp(`[^\\p{L}\\p{N}_${PY_WHITESPACE_CLASS}/.\\-]+`, "gu");
const WS_RUN = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, "gu");

/**
 * The authors' text normalisation (SCORING.md step 1): non-strings become
 * their `json.dumps` text, null/undefined become "", then lowercase, strip,
 * every run of characters other than word characters, whitespace, "/", "."
 * and "-" becomes a space, and whitespace runs collapse to one space.
 * There is deliberately no second strip: "hi!" normalises to "hi ".
 */
export function normalize(value: unknown): string {
  let s: string;
  if (value === null || value === undefined) s = "";
  else if (typeof value === "string") s = value;
  else s = pythonJsonDumps(value);
  // toLowerCase matches Python's str.lower() for every Unicode 14 code point,
  // including the context-dependent final sigma.
  s = pythonStrip(s.toLowerCase());
  return s.replace(NOT_KEPT, " ").replace(WS_RUN, " ");
}

/** Tokens = normalize(value) split on spaces, empty pieces dropped. */
export function tokens(value: unknown): string[] {
  return tokensOfNormalized(normalize(value));
}

export function tokensOfNormalized(normalized: string): string[] {
  return normalized.split(" ").filter((t) => t.length > 0);
}
