import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import tseslint from "typescript-eslint";

/**
 * What counts as a repository path in a comment: a token that starts with one of the repository's top folders
 * (`app/`, `components/`, `lib/`, `scripts/`, `tests/`, `docs/`, `prisma/`; `@/` before it allowed, as in an
 * import), not glued to a word, dot, dash, slash or colon before it (so `../shared/docs/x.md`, `src/lib/x.py`,
 * URLs and another repository's `owner/repo:docs/x.md` are not ours), made of path characters, and ending either with a file extension (`lib/db/seed.ts`) or a
 * slash (`lib/worker/`). A token holding a placeholder or glob (`<id>`, `*`, `{a,b}`, `…`) names a pattern, not a
 * path, and is left out.
 */
const TOP = ["app", "components", "lib", "scripts", "tests", "docs", "prisma"];
const TOKEN = new RegExp(`(?<![\\w./\\-@:])(?:@/)?(?:${TOP.join("|")})/[\\w.\\-[\\]()@/<>*{},…]*`, "g");
const PLACEHOLDER = /[<>*{},…]/;

/** The path a token names, with the prose around it trimmed (a closing bracket or a full stop after it). */
function cleanToken(raw: string): string | null {
  let token = raw.replace(/^@\//, "");
  // trailing punctuation of the sentence, and a closing parenthesis the token did not open
  for (;;) {
    const last = token.at(-1);
    if (last && ".,;:'\"`".includes(last)) token = token.slice(0, -1);
    else if (last === ")" && (token.match(/\(/g)?.length ?? 0) < (token.match(/\)/g)?.length ?? 0)) token = token.slice(0, -1);
    else if (last === "]" && (token.match(/\[/g)?.length ?? 0) < (token.match(/\]/g)?.length ?? 0)) token = token.slice(0, -1);
    else break;
  }
  if (PLACEHOLDER.test(token)) return null;
  const last = token.split("/").at(-1)!;
  if (token.endsWith("/") || /\.[A-Za-z0-9]{1,6}$/.test(last)) return token;
  return null;
}

/** The repository paths named in a text (a comment's). */
export function pathsInText(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => cleanToken(m[0])).filter((p): p is string => p !== null);
}

/** Every comment of a TypeScript or JavaScript source, with its line (the parser ESLint uses, so strings and regexes are not comments). */
export function commentsOf(file: string, code: string): { line: number; text: string }[] {
  // typescript-eslint's exported parser type hides parseForESLint's options; the shape used here is its documented one
  const parser = tseslint.parser as unknown as {
    parseForESLint: (code: string, options: object) => { ast: { comments?: { loc: { start: { line: number } }; value: string }[] } };
  };
  const { ast } = parser.parseForESLint(code, { comment: true, loc: true, range: true, jsx: file.endsWith(".tsx"), filePath: file });
  return (ast.comments ?? []).map((c) => ({ line: c.loc.start.line, text: c.value }));
}

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP_DIRS = new Set(["node_modules", "generated"]);

/** The repository's source files (hidden folders, node_modules and generated code skipped). */
export function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith(".") || SKIP_DIRS.has(d.name)) return [];
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(root, full);
    return SOURCE.test(d.name) && !d.name.endsWith(".d.ts") ? [path.relative(root, full)] : [];
  });
}

/** Every `file:line path` whose path does not exist in the repository. */
export function missingCommentPaths(root: string, files: readonly string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    const code = readFileSync(path.join(root, file), "utf8");
    // parsing is the cost: only a file whose text names a path that does not exist is parsed for its comments
    if (pathsInText(code).every((named) => existsSync(path.join(root, named)))) continue;
    for (const comment of commentsOf(file, code)) {
      for (const named of pathsInText(comment.text)) {
        if (!existsSync(path.join(root, named))) missing.push(`${file}:${comment.line} ${named}`);
      }
    }
  }
  return missing;
}
