import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { WHOLE_TREE } from "./whole-tree";

/**
 * What a leaderboard page's browser code loads at once, followed through the static imports that stay in the
 * bundle (not `import type`, not a lazy `import()`, not a "use server" module, which the browser only calls):
 * zod must not be among them. It was 31 KB gzip of the 200 KB JavaScript budget of issue 13 (24 KB as zod/mini
 * with its core): the jitless setting (instrumentation-client.ts) and the table's URL and payload schemas.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
// the client code every page runs first, the header the layout renders, a leaderboard page's table, its scope links and charts
const ENTRIES = [
  "instrumentation-client.ts",
  "components/site-header.tsx",
  "components/leaderboard-table.tsx",
  "components/leaderboard-scope-links.tsx",
  "lib/benchmarks/alpsbench/ui/task/task-charts.tsx",
  "components/charts/quality-cost-section.tsx",
];

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The modules a file imports at run time (packages by name, local files by path). */
function runtimeImports(file: string): { packages: string[]; files: string[]; server: boolean } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const first = source.statements[0];
  const server = !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use server";
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  const files: string[] = [];
  const packages: string[] = [];
  for (const spec of specs) {
    const local = resolveLocal(file, spec);
    if (local) files.push(local);
    else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.push(spec);
  }
  return { packages, files, server };
}

test("a leaderboard page's browser code loads no zod", WHOLE_TREE, () => {
  const seen = new Map<string, string[]>();
  const queue: [string, string[]][] = ENTRIES.map((entry) => [path.join(ROOT, entry), []]);
  const offenders: string[] = [];
  while (queue.length > 0) {
    const [file, chain] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.set(file, chain);
    const { packages, files, server } = runtimeImports(file);
    if (server) continue;
    const trail = [...chain, path.relative(ROOT, file)];
    for (const spec of packages) if (spec === "zod" || spec.startsWith("zod/")) offenders.push(`${trail.join(" -> ")} imports ${spec}`);
    for (const next of files) queue.push([next, trail]);
  }
  expect(offenders).toEqual([]);
  // the walk reaches the table's own modules (not an empty selection)
  expect([...seen.keys()].map((f) => path.relative(ROOT, f))).toEqual(
    expect.arrayContaining(["lib/leaderboard/table-state.ts", "lib/leaderboard/packed-board.ts", "lib/security/zod-jitless.ts"]),
  );
});
