/**
 * Python `==` between two JSON values. The authors compare `type` fields
 * with it, so True == 1 == 1.0, missing == None, and lists/dicts compare
 * element by element. undefined (missing key) is treated as None.
 */
export function pythonEquals(a: unknown, b: unknown): boolean {
  return eq(a, b, 0);
}

function eq(a: unknown, b: unknown, depth: number): boolean {
  if (depth > 200) return false;
  const an = a === undefined ? null : a;
  const bn = b === undefined ? null : b;
  if (an === null || bn === null) return an === bn;
  const ta = typeof an;
  const tb = typeof bn;
  if ((ta === "number" || ta === "boolean") && (tb === "number" || tb === "boolean")) {
    return Number(an) === Number(bn);
  }
  if (ta === "string" || tb === "string") return an === bn;
  if (Array.isArray(an) || Array.isArray(bn)) {
    if (!Array.isArray(an) || !Array.isArray(bn) || an.length !== bn.length) return false;
    for (let i = 0; i < an.length; i++) if (!eq(an[i], bn[i], depth + 1)) return false;
    return true;
  }
  if (ta === "object" && tb === "object") {
    const ka = Object.keys(an as object);
    const kb = Object.keys(bn as object);
    if (ka.length !== kb.length) return false;
    const ob = bn as Record<string, unknown>;
    const oa = an as Record<string, unknown>;
    for (const k of ka) {
      if (!Object.prototype.hasOwnProperty.call(ob, k)) return false;
      if (!eq(oa[k], ob[k], depth + 1)) return false;
    }
    return true;
  }
  return an === bn;
}
