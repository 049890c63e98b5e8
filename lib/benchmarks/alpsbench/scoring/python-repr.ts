/**
 * Text forms of JSON values exactly as Python renders them, because the
 * authors' scorer turns non-string values into text before comparing them:
 * `json.dumps(v, ensure_ascii=False)` for values, `str(v)` for labels.
 *
 * Limits that come from JavaScript, not from us: JSON.parse cannot tell `5`
 * from `5.0`, so a whole number is rendered the way Python reads the text
 * JSON.stringify would write for it: below 1e21 as an int ("5", not "5.0"),
 * from 1e21 on as a float ("1e+21");
 * object keys that look like array indices are iterated first by JavaScript,
 * whereas Python keeps insertion order.
 */

const MAX_DEPTH = 200;

/** Python float repr(): shortest round-trip digits, exponent form outside [1e-4, 1e16). */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  // toExponential() without an argument gives the shortest round-trip digits,
  // the same digits Python's repr chooses.
  const [mant = "0", expText = "0"] = Math.abs(x).toExponential().split("e");
  const digits = mant.replace(".", "");
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${"0".repeat(intLen - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

function pythonNumber(x: number, json: boolean): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return BigInt(x).toString();
  if (json) {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
  }
  return pythonFloatRepr(x);
}

function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c >= 0x20) out += s[i];
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x08) out += "\\b";
    else if (c === 0x0c) out += "\\f";
    else out += "\\u" + c.toString(16).padStart(4, "0");
  }
  return out + '"';
}

/** `json.dumps(value, ensure_ascii=False)` with the default ", " and ": " separators. */
export function pythonJsonDumps(value: unknown): string {
  return render(value, JSON_DUMPS, 0, new Set());
}

/** How json.dumps or repr() writes each kind of value; `cut` stands for a cycle or absurd nesting. */
type Style = { none: string; str: (s: string) => string; bools: [string, string]; json: boolean; cut: (list: boolean) => string };
const JSON_DUMPS: Style = { none: "null", str: jsonString, bools: ["true", "false"], json: true, cut: () => "null" };
const REPR: Style = { none: "None", str: pythonStrRepr, bools: ["True", "False"], json: false, cut: (list) => (list ? "[...]" : "{...}") };

function render(v: unknown, style: Style, depth: number, seen: Set<object>): string {
  if (v === null || v === undefined) return style.none;
  if (typeof v === "string") return style.str(v);
  if (typeof v === "boolean") return style.bools[v ? 0 : 1];
  if (typeof v === "number") return pythonNumber(v, style.json);
  if (typeof v === "bigint") return v.toString();
  if (typeof v !== "object") return style.str(String(v));
  // Cycles and absurd nesting cannot come from JSON; cut them off rather than throw.
  if (seen.has(v) || depth > MAX_DEPTH) return style.cut(Array.isArray(v));
  seen.add(v);
  const inner = (x: unknown) => render(x, style, depth + 1, seen);
  const out = Array.isArray(v)
    ? `[${v.map(inner).join(", ")}]`
    : `{${Object.entries(v)
        .map(([k, x]) => `${style.str(k)}: ${inner(x)}`)
        .join(", ")}}`;
  seen.delete(v);
  return out;
}

// Python's str.isprintable(): false for Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs except
// the ASCII space. Such characters are escaped by repr().
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python repr() of a str. */
function pythonStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp < 0x7f || ch === " " || !NON_PRINTABLE.test(ch)) out += ch;
    else if (cp <= 0xff) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp <= 0xffff) out += "\\u" + cp.toString(16).padStart(4, "0");
    else out += "\\U" + cp.toString(16).padStart(8, "0");
  }
  return out + quote;
}

/** Python `str(value)` for a JSON value (None → "None", True → "True", lists via repr). */
export function pythonStr(value: unknown): string {
  if (typeof value === "string") return value;
  return render(value, REPR, 0, new Set());
}
