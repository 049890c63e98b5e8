/**
 * Test-only: runs a Python 3 snippet on a JSON payload and returns its JSON
 * answer, so our ports can be checked against the real CPython behaviour
 * (difflib, re, json, round, float) rather than against numbers we wrote
 * down ourselves. The snippet reads `data` and must set `result`.
 * Never imported by library code.
 */
import { execFileSync } from "node:child_process";

export function runPython<T>(snippet: string, data: unknown): T {
  const program = [
    "import json, sys",
    "data = json.loads(sys.stdin.read())",
    "result = None",
    snippet,
    "sys.stdout.write(json.dumps(result, ensure_ascii=True, allow_nan=True))",
  ].join("\n");
  const out = execFileSync("python3", ["-c", program], {
    input: JSON.stringify(data),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return JSON.parse(out.replace(/\bNaN\b/g, "null").replace(/-?\bInfinity\b/g, "null")) as T;
}
