/**
 * How a JSON field is shown to a judge: strings as they are, other values as JSON text, absent as null.
 * (Model outputs put lists or objects where text was expected; the judge should still see them.)
 */
export function textOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function textOf(value: unknown): string {
  return textOrNull(value) ?? "";
}
