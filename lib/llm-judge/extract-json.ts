/**
 * Recover the JSON object a judge meant to return. Judges are told to answer with bare JSON, but real
 * completions wrap it in ```json fences, prepend "Here is my review:", or append a note. We accept:
 *   1. the whole text as JSON;
 *   2. the content of each fenced block (``` or ```json);
 *   3. every balanced {...} span (string- and escape-aware), earliest first, then the span from the
 *      first "{" to the last "}" (what a greedy regex would take).
 * The first candidate that parses to a JSON object and passes `accept` wins; if none passes `accept`,
 * the first object found is returned so the caller's schema can report what was wrong with it.
 * Nothing is invented: no quote fixing, no trailing-comma removal. No object at all is a failure.
 */
type ExtractedJson = { ok: true; value: Record<string, unknown>; via: "whole" | "fence" | "span" } | { ok: false; reason: string };

const MAX_SPAN_STARTS = 200;

export function extractJsonObject(text: string, accept: (value: Record<string, unknown>) => boolean = () => true): ExtractedJson {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") return { ok: false, reason: "empty judge output" };

  let firstObject: { value: Record<string, unknown>; via: "whole" | "fence" | "span" } | null = null;
  for (const candidate of candidates(trimmed)) {
    const value = tryParseObject(candidate.text);
    if (value === null) continue;
    if (accept(value)) return { ok: true, value, via: candidate.via };
    firstObject ??= { value, via: candidate.via };
  }
  if (firstObject) return { ok: true, ...firstObject };
  return { ok: false, reason: "no JSON object found in judge output" };
}

function* candidates(text: string): Generator<{ text: string; via: "whole" | "fence" | "span" }> {
  yield { text, via: "whole" };
  const fence = /```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n?([\s\S]*?)```/g;
  for (const match of text.matchAll(fence)) {
    const body = match[2];
    if (body !== undefined) yield { text: body.trim(), via: "fence" };
  }
  let starts = 0;
  for (let i = text.indexOf("{"); i !== -1 && starts < MAX_SPAN_STARTS; i = text.indexOf("{", i + 1)) {
    starts += 1;
    const end = matchingBrace(text, i);
    if (end !== -1) yield { text: text.slice(i, end + 1), via: "span" };
  }
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first !== -1 && last > first) yield { text: text.slice(first, last + 1), via: "span" };
}

/** Index of the "}" closing the "{" at `start`, skipping braces inside JSON strings; -1 if unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth += 1;
    else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function tryParseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
