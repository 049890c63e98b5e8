import tseslint from "typescript-eslint";

/** A TypeScript file's syntax tree as typescript-eslint parses it, and a walk over it: the lints that read code by its nodes. */

export type Node = { type: string; loc: { start: { line: number } }; [key: string]: unknown };

export function parse(file: string, code: string): Node {
  // typescript-eslint's exported parser type hides parseForESLint's options; the shape used here is its documented one
  const parser = tseslint.parser as unknown as { parseForESLint: (code: string, options: object) => { ast: Node } };
  return parser.parseForESLint(code, { loc: true, range: true, jsx: file.endsWith(".tsx"), filePath: file }).ast;
}

export const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Every node under `node`, itself first (its `parent` links are not followed). */
export function* walk(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === "parent") continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* walk(child);
  }
}
