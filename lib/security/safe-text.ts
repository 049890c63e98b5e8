/*
 * Free text a person sends (system names, descriptions, file names, moderation reasons, token names): what the
 * database and every page can store and show as the person meant it. Pure.
 */

// C0 (but tab, line feed and carriage return in multi-line text), DEL and C1. PostgreSQL refuses NUL (a 500
// before, on a moderation reason); the others garble pages and CSVs; C1 (U+0085 NEXT LINE…) passed before.
// eslint-disable-next-line no-control-regex -- control characters are what these patterns find
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- control characters are what these patterns find
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * What shows nothing on its own: format characters (zero-width space and joiners, bidi marks, tag characters),
 * white space, unassigned and private-use code points (U+2065, U+FFF0 showed as nothing), combining marks without a
 * base (U+034F, variation selectors, U+17B4), and the blanks that are
 * letters or symbols (Hangul fillers, U+2800 BRAILLE PATTERN BLANK, U+1D159 and the musical format characters).
 */
const INVISIBLE = /[\p{Cf}\p{Cn}\p{Co}\p{Z}\s\p{M}\u115f\u1160\u3164\uffa0\u2800\u{1d159}\u{1d173}-\u{1d17a}]/gu;
/** a high surrogate not followed by a low one, or a low one not preceded by a high one */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** bidi embeddings, overrides and isolates: "a\u202eb" shows as another name (right-to-left marks alone are harmless) */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Why a text value cannot be stored as the user meant it, or null: a control character, or U+FFFD, which is what
 * invalid UTF-8 in a form field or query parameter decodes to (storing it would silently replace what was sent).
 */
export function textProblem(value: string, multiline = false): string | null {
  const match = (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).exec(value);
  if (match) return `contains the control character U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  if (value.includes("\ufffd")) return "is not valid UTF-8 (or contains U+FFFD)";
  // a lone surrogate ("\ud800" in JSON) would be stored as U+FFFD
  if (LONE_SURROGATE.test(value)) return "is not valid Unicode (a lone surrogate)";
  const bidi = BIDI_CONTROL.exec(value);
  if (bidi) return `contains the bidirectional control character U+${bidi[0].charCodeAt(0).toString(16).toUpperCase()} (it can make text show as something else)`;
  return null;
}

/** True when a name shows at least one character (not only zero-width or white space: such a name showed as nothing). */
export function hasVisibleCharacter(value: string): boolean {
  return value.replace(INVISIBLE, "") !== "";
}

/**
 * Why a name or a public reason cannot be stored (`textProblem`), or shows nothing, or null. An empty value is
 * the caller's to allow or refuse (optional fields).
 */
export function nameProblem(value: string, multiline = false): string | null {
  return textProblem(value, multiline) ?? (value !== "" && !hasVisibleCharacter(value) ? "has no visible character" : null);
}

/** A zod refinement for names: at least one visible character. */
export const VISIBLE_NAME = [hasVisibleCharacter, { message: "has no visible character" }] as const;
