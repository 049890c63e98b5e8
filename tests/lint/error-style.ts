import { readFileSync } from "node:fs";
import path from "node:path";
import { isNode, parse, walk, type Node } from "./typescript-ast";

/**
 * The rules of one error style (lib/http/api-error.ts): every route handler is built by a wrapper that answers
 * what it throws (withErrors, or withUser which goes through it), and the `{error: {code, …}}` body is built in
 * one place only, so its shape, status, Retry-After and logging cannot drift from one route to the next.
 */

/** The functions a route file may export a handler from: each one catches and answers through errorResponse. */
const HANDLER_WRAPPERS = ["withErrors", "withUser"];

/** The one file that builds the body of an error answer. */
const ERROR_BODY_FILE = "lib/http/api-error.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const nameOf = (node: unknown): string | null =>
  isNode(node) && node.type === "Identifier" ? (node.name as string) : isNode(node) && node.type === "Literal" ? String(node.value) : null;

/** Each exported HTTP method handler of a route file that is not a wrapper's result, as `file:line METHOD`. */
export function unwrappedHandlers(file: string, code: string): string[] {
  const found: string[] = [];
  for (const statement of parse(file, code).body as Node[]) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    const declaration = statement.declaration as Node | null;
    const at = (name: string) => `${file}:${statement.loc.start.line} ${name}`;
    if (declaration?.type === "FunctionDeclaration" && METHODS.has(nameOf(declaration.id) ?? "")) found.push(at(nameOf(declaration.id)!));
    if (declaration?.type === "VariableDeclaration") {
      for (const d of declaration.declarations as Node[]) {
        const name = nameOf(d.id);
        if (!name || !METHODS.has(name)) continue;
        const init = d.init as Node | null;
        const wrapped = init?.type === "CallExpression" && HANDLER_WRAPPERS.includes(nameOf(init.callee) ?? "");
        if (!wrapped) found.push(at(name));
      }
    }
    // `export { GET }` or `export { handler as GET }`: whatever it names was not checked here
    for (const specifier of (statement.specifiers as Node[] | undefined) ?? []) {
      const name = nameOf(specifier.exported);
      if (name && METHODS.has(name)) found.push(at(name));
    }
  }
  return found;
}

/** Each object literal `{ error: { …, code, … } }` (an error body built by hand), as `file:line`. */
export function handBuiltErrorBodies(file: string, code: string): string[] {
  // parsing is the cost: only a file whose text could hold one is parsed
  if (!/\berror\b/.test(code) || !/\bcode\b/.test(code)) return [];
  const found: string[] = [];
  for (const node of walk(parse(file, code))) {
    if (node.type !== "Property" || nameOf(node.key) !== "error") continue;
    const value = node.value as Node;
    if (value.type !== "ObjectExpression") continue;
    if ((value.properties as Node[]).some((p) => p.type === "Property" && nameOf(p.key) === "code")) found.push(`${file}:${node.loc.start.line}`);
  }
  return found;
}

/** The production files the rules cover: app/, lib/, components/, scripts/ and proxy.ts, tests left out (test fakes live under tests/). */
export function productionFiles(files: readonly string[]): string[] {
  return files.filter((f) => (/^(app|lib|components|scripts)\//.test(f) || f === "proxy.ts") && !/\.test\.tsx?$/.test(f) && /\.tsx?$/.test(f));
}

/** Every violation of the two rules in the tree at `root`. */
export function errorStyleViolations(root: string, files: readonly string[]): { unwrapped: string[]; handBuilt: string[] } {
  const production = productionFiles(files);
  const read = (f: string) => readFileSync(path.join(root, f), "utf8");
  return {
    unwrapped: production.filter((f) => /^app\/.*\/route\.tsx?$/.test(f)).flatMap((f) => unwrappedHandlers(f, read(f))),
    handBuilt: production.filter((f) => f !== ERROR_BODY_FILE).flatMap((f) => handBuiltErrorBodies(f, read(f))),
  };
}
