/** A JSON value's fields: the value itself when it is a plain object, else `{}` (arrays, null, scalars, undefined). */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
