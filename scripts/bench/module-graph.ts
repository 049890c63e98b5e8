#!/usr/bin/env tsx
/**
 * How much of the project a request or process loads: for each entry point, the project modules it reaches through
 * static imports (`import … from`, `export … from`, `import "…"`; the `@/` alias resolved as tsconfig.json says),
 * in total and per benchmark folder (lib/benchmarks/<id>/), and whether the LLM judge's client (lib/llm-judge/)
 * and the queue (lib/queue/) are among them. A dynamic `import()` is not followed (what it loads is loaded when
 * it runs, not when the entry loads), nor a type-only import (erased when compiled). node_modules and the
 * generated Prisma client are not counted.
 *
 *   npx tsx scripts/bench/module-graph.ts [--entry <file> …] [--list <file>] [--types]
 *
 * --types follows type-only imports too (what the type checker reads, not what runs).
 * --list prints the modules one entry reaches, each with the file that first imported it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** What a visitor's request or a process loads: the upload route, a board page of each benchmark, a read route, the worker. */
const DEFAULT_ENTRIES = [
  "app/api/v1/submissions/route.ts",
  "app/(alpsbench)/tasks/[task]/page.tsx",
  "app/benchmarks/[benchmark]/page.tsx",
  "app/api/v1/leaderboards/[view]/route.ts",
  "app/layout.tsx",
  "scripts/worker.ts",
];

const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
if (!config) throw new Error("tsconfig.json does not parse");
const options = config.options;
const resolutionCache = ts.createModuleResolutionCache(ROOT, (f) => f, options);

/** The specifiers a file imports at run time: every static import and re-export but the type-only ones (`--types`: those too). */
let withTypes = false;
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly && !withTypes) continue;
      const named = clause?.namedBindings;
      // `import { type A, type B } from` is erased too; `import {} from` and `import "x"` load the module
      const allTypes = !clause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!allTypes || withTypes) specs.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly && !withTypes) continue;
      const clause = statement.exportClause;
      const allTypes = clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      if (!allTypes || withTypes) specs.push(statement.moduleSpecifier.text);
    }
  }
  return specs;
}

/** A project file the specifier names, or null (a package, a Node built-in, the generated client, a declaration). */
function resolveProjectFile(spec: string, from: string): string | null {
  const resolved = ts.resolveModuleName(spec, from, options, ts.sys, resolutionCache).resolvedModule?.resolvedFileName;
  if (!resolved || resolved.endsWith(".d.ts")) return null;
  const relative = path.relative(ROOT, resolved);
  if (relative.startsWith("..") || relative.split(path.sep).includes("node_modules") || relative.startsWith("lib/generated/")) return null;
  return relative;
}

/** Every project module `entry` reaches, each with the module that first imported it (breadth first). */
function reach(entry: string): Map<string, string | null> {
  const seen = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of runtimeSpecifiers(path.join(ROOT, file))) {
      const target = resolveProjectFile(spec, path.join(ROOT, file));
      if (target && !seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return seen;
}

function benchmarkFolderOf(file: string): string | null {
  const match = /^lib\/benchmarks\/([^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

function main() {
  const { values } = parseArgs({ options: { entry: { type: "string", multiple: true }, list: { type: "string" }, types: { type: "boolean" } } });
  withTypes = values.types ?? false;
  if (values.list) {
    for (const [file, by] of reach(values.list)) console.log(`${file}${by ? `  <- ${by}` : ""}`);
    return;
  }
  const entries = values.entry ?? DEFAULT_ENTRIES;
  const rows = entries.map((entry) => {
    if (!existsSync(path.join(ROOT, entry))) throw new Error(`${entry}: no such file`);
    const files = [...reach(entry).keys()];
    const perBenchmark = new Map<string, number>();
    for (const file of files) {
      const folder = benchmarkFolderOf(file);
      if (folder) perBenchmark.set(folder, (perBenchmark.get(folder) ?? 0) + 1);
    }
    const judge = files.filter((f) => f.startsWith("lib/llm-judge/")).length;
    const queue = files.filter((f) => f.startsWith("lib/queue/")).length;
    return { entry, total: files.length, perBenchmark, judge, queue };
  });
  const folders = [...new Set(rows.flatMap((r) => [...r.perBenchmark.keys()]))].sort();
  const header = ["entry", "modules", ...folders, "llm-judge", "queue"];
  const table = [
    header,
    ...rows.map((r) => [r.entry, String(r.total), ...folders.map((f) => String(r.perBenchmark.get(f) ?? 0)), String(r.judge), String(r.queue)]),
  ];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

main();
