import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Exports nothing imports, found with the TypeScript compiler's parser and module resolution (no type check: a few
 * seconds for the whole tree). An import of a name marks it used in the file that declares it, following named
 * re-exports and `export *` through barrels; a namespace import, a dynamic `import()` or an `import("…")` type
 * marks every export of its module. Exports used only inside their own file count as unused: the `export` is
 * what is dead. Files that a framework or tool loads by name export for it and are skipped (ENTRY_POINTS).
 * A re-export (`export … from`, `export *`, `export { name }` of an imported name) is a second way to import a
 * name: reported wherever it is, except in the benchmark contract (REEXPORTS_ALLOWED).
 */
const ENTRY_POINTS = [
  // Next.js's files under app/: it reads their exports (default, GET, metadata, generateMetadata, dynamic, ...)
  /^app\/(.*\/)?(page|layout|route|loading|error|not-found|global-error|template|default|sitemap|robots|manifest|opengraph-image|icon|apple-icon)\.tsx?$/,
  // root configuration and hooks that Next.js, Prisma and vitest load
  /^(next|vitest|prisma)\.config\.ts$/,
  /^(proxy|instrumentation|instrumentation-client)\.ts$/,
  // vitest loads these by path (vitest.config.ts: reporters, globalSetup)
  /^tests\/(e2e\/)?global-setup\.ts$/,
  /^tests\/summary-reporter\.ts$/,
  // a test's exports are its own business
  /\.test\.tsx?$/,
];

// lib/benchmarks/types.ts re-exports the contract's parts from their own files, so every file imports one module
const REEXPORTS_ALLOWED = [/^lib\/benchmarks\/types\.ts$/];

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_DIRS = new Set(["node_modules", ".next", ".data", ".tmp", ".git", "generated", "test-results"]);

type Module = {
  /** names declared and exported here, with their line */
  locals: Map<string, number>;
  /** `export { a as b } from "…"`: b → (file, a); `export * as ns from "…"`: ns → (file, "*") */
  reexports: Map<string, { file: string | null; name: string; line: number }>;
  /** `export * from "…"` */
  stars: { file: string | null; line: number }[];
  /** what this file takes from others: a name, or "*" for all of them */
  uses: { file: string; name: string }[];
  /** the lines that export a name defined elsewhere */
  forwards: { name: string; line: number }[];
};

function sourceFiles(root: string, tops: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir === "." ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (dir === "." ? tops.includes(entry.name) : !SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(rel);
    }
  };
  walk(".");
  return files.sort();
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function readModule(root: string, file: string, resolve: (spec: string, from: string) => string | null): Module {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const mod: Module = { locals: new Map(), reexports: new Map(), stars: [], uses: [], forwards: [] };
  const imported = new Set<string>();
  const use = (spec: ts.Expression | undefined, name: string) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const target = resolve(spec.text, file);
    if (target) mod.uses.push({ file: target, name });
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) use(statement.moduleSpecifier, "default");
      if (clause?.name) imported.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(statement.moduleSpecifier, "*");
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const e of bindings.elements) {
          use(statement.moduleSpecifier, (e.propertyName ?? e.name).text);
          imported.add(e.name.text);
        }
      }
    } else if (ts.isExportDeclaration(statement)) {
      const spec = statement.moduleSpecifier;
      const target = spec && ts.isStringLiteralLike(spec) ? resolve(spec.text, file) : null;
      const clause = statement.exportClause;
      if (!spec) {
        if (clause && ts.isNamedExports(clause)) {
          for (const e of clause.elements) {
            mod.locals.set(e.name.text, line(e));
            if (imported.has((e.propertyName ?? e.name).text)) mod.forwards.push({ name: e.name.text, line: line(e) });
          }
        }
      } else if (!clause) mod.stars.push({ file: target, line: line(statement) });
      else if (ts.isNamespaceExport(clause)) mod.reexports.set(clause.name.text, { file: target, name: "*", line: line(statement) });
      else for (const e of clause.elements) mod.reexports.set(e.name.text, { file: target, name: (e.propertyName ?? e.name).text, line: line(e) });
    } else if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) mod.locals.set("default", line(statement));
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) for (const n of bindingNames(d.name)) mod.locals.set(n, line(d));
      } else if (
        ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)
      ) {
        const name = isDefault ? "default" : statement.name && ts.isIdentifier(statement.name) ? statement.name.text : null;
        if (name) mod.locals.set(name, line(statement));
      }
    }
  }

  // `import("…")` calls and types anywhere in the file
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) use(node.arguments[0], "*");
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const first = node.qualifier ? (ts.isIdentifier(node.qualifier) ? node.qualifier : leftmost(node.qualifier)) : null;
      use(node.argument.literal as ts.Expression, first ? first.text : "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mod;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left);
}

/**
 * Every export of the files under `tops` (and the root's own .ts files) that nothing imports, as
 * "file:line name" ("file:line export * from …" for a star re-export nothing reads through), and every
 * re-export outside REEXPORTS_ALLOWED, as "file:line name (re-exported)", both sorted.
 */
export function unusedExports(root: string, tops: readonly string[]): { unused: string[]; reexports: string[]; files: number } {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const files = sourceFiles(root, tops);
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const resolve = (spec: string, from: string): string | null => {
    if (!spec.startsWith(".") && !spec.startsWith("@/")) return null;
    const resolved = ts.resolveModuleName(spec, path.join(root, from), options, ts.sys, cache).resolvedModule?.resolvedFileName;
    const rel = resolved ? path.relative(root, resolved).split(path.sep).join("/") : null;
    return rel && known.has(rel) ? rel : null;
  };
  const modules = new Map(files.map((f) => [f, readModule(root, f, resolve)]));

  const provides = (file: string, name: string, seen = new Set<string>()): boolean => {
    const mod = modules.get(file);
    if (!mod || seen.has(file)) return false;
    seen.add(file);
    return mod.locals.has(name) || mod.reexports.has(name) || mod.stars.some((s) => s.file !== null && provides(s.file, name, seen));
  };
  const used = new Set<string>();
  const starsRead = new Set<string>();
  const mark = (file: string, name: string): void => {
    const key = `${file}\0${name}`;
    const mod = modules.get(file);
    if (used.has(key) || !mod) return;
    used.add(key);
    if (name === "*") {
      for (const [n] of mod.locals) mark(file, n);
      for (const [n] of mod.reexports) mark(file, n);
      for (const s of mod.stars) {
        starsRead.add(`${file}\0${s.line}`);
        if (s.file) mark(s.file, "*");
      }
      return;
    }
    const reexport = mod.reexports.get(name);
    if (reexport) {
      if (reexport.file) mark(reexport.file, reexport.name);
    } else if (!mod.locals.has(name)) {
      for (const s of mod.stars) {
        if (s.file && provides(s.file, name)) {
          starsRead.add(`${file}\0${s.line}`);
          mark(s.file, name);
        }
      }
    }
  };
  for (const mod of modules.values()) for (const u of mod.uses) mark(u.file, u.name);
  // what an entry point exports is read by its framework, re-exports included (a page re-exporting a benchmark's page)
  const isEntry = (file: string) => ENTRY_POINTS.some((entry) => entry.test(file));
  for (const file of files) if (isEntry(file)) mark(file, "*");

  const unused: string[] = [];
  const reexports: string[] = [];
  for (const [file, mod] of modules) {
    if (isEntry(file)) continue;
    if (!REEXPORTS_ALLOWED.some((allowed) => allowed.test(file))) {
      const forwarded = [
        ...mod.forwards,
        ...[...mod.reexports].map(([name, r]) => ({ name, line: r.line })),
        ...mod.stars.map((s) => ({ name: "*", line: s.line })),
      ];
      for (const f of forwarded) reexports.push(`${file}:${f.line} ${f.name} (re-exported)`);
    }
    for (const [name, line] of mod.locals) if (!used.has(`${file}\0${name}`)) unused.push(`${file}:${line} ${name}`);
    for (const [name, r] of mod.reexports) if (!used.has(`${file}\0${name}`)) unused.push(`${file}:${r.line} ${name}`);
    for (const s of mod.stars) if (!starsRead.has(`${file}\0${s.line}`)) unused.push(`${file}:${s.line} export * from ${s.file ?? "a module outside the tree"}`);
  }
  return { unused: unused.sort(), reexports: reexports.sort(), files: files.length };
}
