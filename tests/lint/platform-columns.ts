import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What tests/lint/platform-columns.test.ts checks of prisma/schema/platform.prisma: the platform's tables hold no
 * benchmark's column. A column is a benchmark's when its name is a benchmark's vocabulary (a benchmark id, an
 * AlpsBench task word such as `task2InputShare`) or when the only source files that name it are one benchmark's
 * (lib/benchmarks/<id>/, app/(<id>)/): such a column belongs in prisma/schema/<id>.prisma, in a 1:1 table keyed by the
 * submission or the data version.
 */

/** The scalar columns of a Prisma schema, by model; relation fields (typed by a model of any schema file) are not columns. */
export function platformColumns(schema: string, allSchemas: string): { model: string; column: string; line: number }[] {
  const lines = schema.split("\n");
  const models = new Set([...allSchemas.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]!));
  const columns: { model: string; column: string; line: number }[] = [];
  let model: string | null = null;
  lines.forEach((text, i) => {
    const open = /^model (\w+) \{/.exec(text);
    if (open) model = open[1]!;
    else if (/^\}/.test(text)) model = null;
    else if (model) {
      const field = /^\s+(\w+)\s+(\w+)(\[\])?\??(\s|$)/.exec(text);
      if (field && !models.has(field[2]!)) columns.push({ model, column: field[1]!, line: i + 1 });
    }
  });
  return columns;
}

/** A column name that is a benchmark's vocabulary: a benchmark's id, or an AlpsBench task in a word (`task2InputShare`). */
export function vocabularyColumn(column: string, benchmarkIds: readonly string[]): boolean {
  return new RegExp(`(${[...benchmarkIds, "task[1-4]", "pllm", "alps"].join("|")})`, "i").test(column);
}

const SOURCE_TOPS = ["app", "components", "lib", "scripts"];
const skipped = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("lib/generated/");

/** Every non-test source file of the platform and the benchmarks, with the benchmark that owns it (null: the platform's). */
export function sourceFiles(root: string, benchmarkIds: readonly string[]): { file: string; owner: string | null; text: string }[] {
  return SOURCE_TOPS.flatMap((top) =>
    readdirSync(path.join(root, top), { recursive: true, encoding: "utf8" })
      .map((f) => `${top}/${f}`)
      .filter((f) => /\.tsx?$/.test(f) && !skipped(f))
      .map((file) => {
        const owner = benchmarkIds.find((id) => file.startsWith(`lib/benchmarks/${id}/`) || file.startsWith(`app/(${id})/`)) ?? null;
        return { file, owner, text: readFileSync(path.join(root, file), "utf8") };
      }),
  );
}

/**
 * A file's code without its comments (those after a space or at a line's start, so a URL's `https://` or a glob's
 * `lib/**` in a string stays): a comment naming a benchmark's column as an example is not code reading it.
 */
export function withoutComments(text: string): string {
  return text.replace(/(^|\s)\/\*[\s\S]*?\*\//g, "$1").replace(/(^|\s)\/\/.*$/gm, "$1");
}

/**
 * The words of a file's code (maximal runs of \w, comments left out), once per file: the rule asks about every
 * column of the schema, and stripping the comments of every source file again for each column was most of its time.
 */
const codeWords = new WeakMap<object, Set<string>>();
function wordsOf(file: { text: string }): Set<string> {
  let words = codeWords.get(file);
  if (!words) codeWords.set(file, (words = new Set(withoutComments(file.text).match(/\w+/g))));
  return words;
}

/**
 * The owners of the files whose code names a column (as a word: `row.seedPredictions`, `"seedPredictions"` in SQL).
 * A column name is one run of \w, so "the code has it as a word" (`\bcolumn\b`) is "it is one of the code's words".
 */
export function ownersOf(column: string, files: readonly { owner: string | null; text: string }[]): Set<string | null> {
  if (!/^\w+$/.test(column)) throw new Error(`${column}: a column name is letters, digits and _`);
  return new Set(files.filter((f) => wordsOf(f).has(column)).map((f) => f.owner));
}
