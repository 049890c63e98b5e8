/**
 * Moves AlpsBench's files into lib/benchmarks/alpsbench/ (map: ./move-map.ts) and rewrites every import of them.
 *
 *   npx tsx scripts/dev/move-to-benchmark-folders.ts [--dry-run]
 *
 * Re-runnable on a tree that other people changed meanwhile: a mapped path that does not exist is reported and
 * skipped, files added later to a moved folder move with it, files added to a split folder (SPLIT_FOLDERS) are
 * reported, and a second run finds nothing to do. Moves go through `git mv` so history follows.
 *
 * What is rewritten (TypeScript's parser, not regexes): in every .ts/.tsx/.mts/.mjs file, static and dynamic
 * imports, `export ... from`, `import("x")` types, require(), vi.mock/vi.importActual paths, by alias (`@/...`)
 * or relative path; in moved files, `path.resolve|join(import.meta.dirname, "...")` and
 * `new URL("...", import.meta.url)` paths; in tests/, scripts/ and the config files, string literals that name a
 * moved repository path (globs in eslint.config.mjs, file lists in lint tests). Runtime strings in lib/ and app/
 * (e.g. a dataset's `sourcePath` stored in the database) are left alone: they are data, not locations.
 * Then the post-steps in ./move-post-steps.ts run (hand fixes the plain move cannot make): thin route files in
 * app/(alpsbench)/ for the pages moved into lib/benchmarks/alpsbench/ui, the Prisma schema split
 * (./split-prisma-schema.ts), tests/lint/boundary-pending.json (platform files still reaching into a benchmark),
 * and prettier on every file the run wrote.
 *
 * Re-run on another tree (e.g. main after merges): the tree must already hold this branch's non-generated
 * changes, which are ordinary commits, not codemod output: scripts/dev/{move-map,move-to-benchmark-folders,
 * move-post-steps,split-prisma-schema}.ts, eslint.config.mjs (boundary rules reading boundary-pending.json),
 * tests/lint/eslint.test.ts (planted violations), lib/db/schema-files.ts, lib/db/schema-engine.ts (diffSchemas
 * takes file lists), scripts/migrate-create.ts, tests/integration/migrate.test.ts, and the two README.md files in
 * lib/benchmarks/<id>/. Then, on a clean work tree:
 *
 *   npx tsx scripts/dev/move-to-benchmark-folders.ts && npx tsx scripts/prisma-generate.ts && npx tsc --noEmit -p .
 *
 * Read the report: "NEW/unmapped file in split folder" and "skipped (not found)" lines need a decision in
 * move-map.ts (then run again: the second run moves only what is left); "unresolved import" lines name imports
 * the run could not follow. Not handled: string paths in runtime code (e.g. `sourcePath: "lib/datasets/demo"`,
 * stored in the database, kept on purpose), paths in Markdown docs, and non-literal dynamic imports.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { MOVES, SPLIT_FOLDERS } from "./move-map";
import { runPostSteps } from "./move-post-steps";

const ROOT = path.resolve(import.meta.dirname, "../..");
const posix = path.posix;
const dryRun = process.argv.includes("--dry-run");
const SELF = new Set([
  "scripts/dev/move-to-benchmark-folders.ts",
  "scripts/dev/move-map.ts",
  "scripts/dev/move-post-steps.ts",
  "scripts/dev/split-prisma-schema.ts",
]);
const SOURCE = /\.(ts|tsx|mts|cts|mjs|js)$/;
const SKIP = /^(node_modules|\.next|lib\/generated|prisma\/migrations|\.data|\.tmp)\//;
// where a string literal naming a repository path is a location (config globs, lint tests' file lists)
const PATH_LITERAL_FILES = /^(tests\/|scripts\/|[^/]+\.config\.(ts|mjs|js)$)/;

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });

function listFiles(): string[] {
  const listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0").filter(Boolean);
  return [...new Set(listed)].filter((f) => !SKIP.test(f) && existsSync(path.join(ROOT, f)));
}

const testSiblings = (file: string) => {
  const m = /^(.*)\.(tsx?)$/.exec(file);
  return m ? [`${m[1]}.test.ts`, `${m[1]}.test.tsx`] : [];
};

/** New path of a file under the map, or null when it stays. The longest matching entry wins. */
function newPathOf(file: string): string | null {
  let best: { from: string; to: string } | null = null;
  for (const [from, to] of MOVES) {
    let candidate: string | null = null;
    if (file === from) candidate = to;
    else if (file.startsWith(`${from}/`)) candidate = to + file.slice(from.length);
    else {
      const i = testSiblings(from).indexOf(file);
      if (i >= 0) candidate = testSiblings(to)[i] ?? null;
    }
    if (candidate !== null && (!best || from.length > best.from.length)) best = { from, to: candidate };
  }
  return best && best.to !== file ? best.to : null;
}

function folderKey(file: string): string {
  const parts = file.split("/");
  const depth = parts[0] === "lib" && parts[1] === "benchmarks" ? 4 : parts[0] === "app" ? 2 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join("/") || ".";
}

function countByFolder(files: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(folderKey(f), (counts.get(folderKey(f)) ?? 0) + 1);
  return counts;
}

const EXTS = ["", ".ts", ".tsx", ".d.ts", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

type Resolved = { target: string; suffix: string };
function resolveSpec(fileSet: Set<string>, from: string, spec: string): Resolved | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../")) base = posix.normalize(posix.join(posix.dirname(from), spec));
  else return null;
  base = base.replace(/\/$/, "");
  for (const suffix of EXTS) if (fileSet.has(base + suffix)) return { target: base + suffix, suffix };
  return null;
}

function specFor(resolved: Resolved, newTarget: string, originalSpec: string, newFrom: string): string {
  let target: string;
  if (resolved.suffix === "") target = newTarget;
  else if (resolved.suffix.startsWith("/index")) target = posix.dirname(newTarget);
  else target = newTarget.slice(0, newTarget.length - resolved.suffix.length);
  if (originalSpec.startsWith("@/")) return `@/${target}`;
  let rel = posix.relative(posix.dirname(newFrom), target);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  // a relative path that climbs more than one folder reads better, and survives later moves, as an alias
  return rel.startsWith("../../") ? `@/${target}` : rel;
}

type Edit = { start: number; end: number; text: string };

const isMetaDir = (n: ts.Node) => /^(import\.meta\.dirname|__dirname)$/.test(n.getText());
const isMetaUrl = (n: ts.Node) => n.getText() === "import.meta.url";
const isStr = (n: ts.Node | undefined): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  !!n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n));

function moduleSpecifierOf(node: ts.Node): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && isStr(node.moduleSpecifier)) return node.moduleSpecifier;
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && isStr(node.argument.literal)) return node.argument.literal;
  if (ts.isCallExpression(node) && isStr(node.arguments[0])) {
    const callee = node.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return node.arguments[0];
    const name = callee.getText();
    if (name === "require" || /^vi\.(mock|doMock|unmock|doUnmock|importActual|importMock)$/.test(name)) return node.arguments[0];
  }
  return undefined;
}

/** The location a repository path literal names after the move (globs keep their tail). */
function movedRepoPath(fileSet: Set<string>, text: string): string | null {
  const lead = text.startsWith("./") ? "./" : "";
  const body = text.slice(lead.length).replace(/\/$/, "");
  if (!body.includes("/") && !fileSet.has(body)) return null;
  if (fileSet.has(body)) {
    const to = newPathOf(body);
    return to ? lead + to : null;
  }
  // a folder or a glob inside one: the longest folder entry (never a file entry) that contains it
  let best: [string, string] | null = null;
  for (const [from, to] of MOVES) {
    if (/\.\w+$/.test(from)) continue;
    if ((body === from || body.startsWith(`${from}/`)) && (!best || from.length > best[0].length)) best = [from, to];
  }
  if (!best) {
    const to = newPathOf(body);
    return to ? lead + to + (text.endsWith("/") ? "/" : "") : null;
  }
  return lead + best[1] + text.slice(lead.length + best[0].length);
}

function rewrite(fileSet: Set<string>, file: string, source: string, report: string[]): string {
  const newFrom = newPathOf(file) ?? file;
  const moved = newFrom !== file;
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") || file.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  const handled = new Set<ts.Node>();
  const replaceLiteral = (lit: ts.Node, text: string) => {
    handled.add(lit);
    edits.push({ start: lit.getStart(sf) + 1, end: lit.end - 1, text });
  };

  const visit = (node: ts.Node) => {
    const specNode = moduleSpecifierOf(node);
    if (specNode && !handled.has(specNode)) {
      handled.add(specNode);
      const spec = specNode.text;
      const resolved = resolveSpec(fileSet, file, spec);
      if (resolved) {
        const newTarget = newPathOf(resolved.target) ?? resolved.target;
        if (moved || newTarget !== resolved.target) {
          const next = specFor(resolved, newTarget, spec, newFrom);
          if (next !== spec) replaceLiteral(specNode, next);
        }
      } else if ((spec.startsWith("@/") || spec.startsWith(".")) && !spec.includes("lib/generated/"))
        report.push(`unresolved import ${JSON.stringify(spec)} in ${file}`);
    }
    if (moved && ts.isCallExpression(node) && /(^|\.)(resolve|join)$/.test(node.expression.getText()) && node.arguments[0] && isMetaDir(node.arguments[0])) {
      const lits: (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[] = [];
      for (const arg of node.arguments.slice(1)) {
        if (!isStr(arg)) break;
        lits.push(arg);
      }
      const joined = posix.join(...lits.map((l) => l.text));
      if (lits.length && joined !== ".") {
        const abs = posix.normalize(posix.join(posix.dirname(file), joined));
        const target = newPathOf(abs) ?? abs;
        const rel = posix.relative(posix.dirname(newFrom), target) || ".";
        const first = lits[0]!;
        const last = lits[lits.length - 1]!;
        const quote = source[first.getStart(sf)];
        for (const l of lits) handled.add(l);
        edits.push({ start: first.getStart(sf), end: last.end, text: `${quote}${rel}${quote}` });
      }
    }
    if (
      moved &&
      ts.isNewExpression(node) &&
      node.expression.getText() === "URL" &&
      node.arguments?.length === 2 &&
      isStr(node.arguments[0]) &&
      isMetaUrl(node.arguments[1]!)
    ) {
      const lit = node.arguments[0];
      if (lit.text !== "." && lit.text !== "./") {
        const abs = posix.normalize(posix.join(posix.dirname(file), lit.text));
        const target = newPathOf(abs) ?? abs;
        let rel = posix.relative(posix.dirname(newFrom), target);
        if (lit.text.endsWith("/")) rel += "/";
        replaceLiteral(lit, rel);
      }
    }
    if (isStr(node) && !handled.has(node) && PATH_LITERAL_FILES.test(file)) {
      const next = movedRepoPath(fileSet, node.text);
      if (next && next !== node.text) {
        report.push(`path literal ${JSON.stringify(node.text)} -> ${JSON.stringify(next)} in ${file}`);
        replaceLiteral(node, next);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!edits.length) return source;
  edits.sort((a, b) => b.start - a.start);
  let out = source;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function removeEmptyDirs(dir: string) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir)) removeEmptyDirs(path.join(dir, entry));
  if (readdirSync(dir).length === 0) rmdirSync(dir);
}

function printCounts(before: Map<string, number>, after: Map<string, number>) {
  const keys = [...new Set([...before.keys(), ...after.keys()])].filter((k) => /^(lib|app|components|scripts|prisma)\b/.test(k)).sort();
  console.log("\nfiles per folder (before -> after):");
  for (const k of keys) {
    const b = before.get(k) ?? 0;
    const a = after.get(k) ?? 0;
    console.log(`  ${k.padEnd(44)} ${String(b).padStart(4)} -> ${String(a).padStart(4)}${a !== b ? "  *" : ""}`);
  }
}

function main() {
  const files = listFiles();
  const fileSet = new Set(files);
  const report: string[] = [];

  for (const [from] of MOVES) {
    const exists = fileSet.has(from) || files.some((f) => f.startsWith(`${from}/`));
    if (!exists) report.push(`skipped (not found): ${from}`);
  }
  for (const [folder, keep] of Object.entries(SPLIT_FOLDERS)) {
    for (const f of files) {
      if (posix.dirname(f) !== folder || newPathOf(f)) continue;
      const name = posix.basename(f);
      const kept = keep.includes(name) || keep.some((k) => testSiblings(`${folder}/${k}`).includes(f));
      if (!kept) report.push(`NEW/unmapped file in split folder ${folder}: ${f} (add it to MOVES or SPLIT_FOLDERS in scripts/dev/move-map.ts)`);
    }
  }

  const moves = files.map((f) => [f, newPathOf(f)] as const).filter((m): m is readonly [string, string] => m[1] !== null);
  const clash = moves.filter(([, to]) => fileSet.has(to));
  if (clash.length) throw new Error(`target exists already:\n${clash.map(([f, t]) => `  ${f} -> ${t}`).join("\n")}`);

  // rewrite contents first, from the old locations (resolution needs the old tree), then move and write
  const rewritten = new Map<string, string>();
  for (const f of files) {
    if (!SOURCE.test(f) || SELF.has(f)) continue;
    const source = readFileSync(path.join(ROOT, f), "utf8");
    const next = rewrite(fileSet, f, source, report);
    if (next !== source) rewritten.set(f, next);
  }

  const before = countByFolder(files);
  const afterFiles = files.map((f) => newPathOf(f) ?? f);
  console.log(`${moves.length} files to move, ${rewritten.size} files to rewrite${dryRun ? " (dry run)" : ""}`);
  if (!dryRun) {
    const tracked = new Set(git("ls-files", "-z").split("\0").filter(Boolean));
    for (const [from, to] of moves) {
      mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
      if (tracked.has(from)) git("mv", from, to);
      else execFileSync("mv", [from, to], { cwd: ROOT });
    }
    for (const [f, text] of rewritten) writeFileSync(path.join(ROOT, newPathOf(f) ?? f), text);
    for (const top of ["lib", "app", "components", "prisma"]) removeEmptyDirs(path.join(ROOT, top));
    report.push(...runPostSteps(ROOT));
    // longer specifiers can move a line over the print width: format what the run wrote
    const written = [...rewritten.keys()].map((f) => newPathOf(f) ?? f).filter((f) => existsSync(path.join(ROOT, f)));
    if (written.length) execFileSync("npx", ["prettier", "--write", "--log-level", "warn", ...written], { cwd: ROOT, stdio: "inherit" });
  }
  // after a real run, count the tree itself (the post-steps add the thin route files)
  printCounts(before, countByFolder(dryRun ? afterFiles : listFiles()));
  console.log(`\nreport (${report.length}):`);
  for (const line of report) console.log(`  ${line}`);
}

main();
