/** Python truthiness of a JSON value: None, False, 0, "", [] and {} are false. */
export function pythonTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === "") return false;
  if (typeof v === "number") return true; // NaN is truthy in Python
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}
