/**
 * The query parameters of `search` that are not in `known`, as one message for a 400, or null when every key is
 * known. An API that silently ignores a parameter answers something else than was asked (`include=private`,
 * `limit=10`, a misspelt `sortt=f1`): the caller should hear that it was not understood.
 */
export function unknownParamsIssue(search: URLSearchParams, known: readonly string[]): string | null {
  const allowed = new Set(known);
  const unknown = [...new Set(search.keys())].filter((key) => !allowed.has(key));
  if (unknown.length === 0) return null;
  const names = unknown.map((k) => JSON.stringify(k.slice(0, 64))).join(", ");
  return `unknown query parameter${unknown.length > 1 ? "s" : ""} ${names}. Known: ${[...allowed].join(", ")}.`;
}
