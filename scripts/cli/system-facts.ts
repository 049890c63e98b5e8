import type { Command } from "commander";
import { setSystemFacts } from "@/lib/model-facts/set-system-facts";
import { withDb } from "@/lib/cli/with-db";

type FactOptions = {
  paramsB?: string;
  activeParamsB?: string;
  license?: string;
  openWeights?: boolean;
  releaseDate?: string;
  modelUrl?: string;
  paperUrl?: string;
  codeUrl?: string;
  clear?: string[];
};

const CLEARABLE = ["params-b", "active-params-b", "license", "open-weights", "release-date", "model-url", "paper-url", "code-url"] as const;
const FIELD_OF: Record<(typeof CLEARABLE)[number], string> = {
  "params-b": "paramsB",
  "active-params-b": "activeParamsB",
  license: "license",
  "open-weights": "openWeights",
  "release-date": "releaseDate",
  "model-url": "modelUrl",
  "paper-url": "paperUrl",
  "code-url": "codeUrl",
};

/** The facts object of the options: numbers as numbers (a non-number stays text, so the schema names it), cleared ones null. */
export function factsOfOptions(options: FactOptions): Record<string, unknown> {
  const num = (v: string) => (/^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);
  const facts: Record<string, unknown> = {};
  if (options.paramsB !== undefined) facts.paramsB = num(options.paramsB);
  if (options.activeParamsB !== undefined) facts.activeParamsB = num(options.activeParamsB);
  if (options.license !== undefined) facts.license = options.license;
  if (options.openWeights !== undefined) facts.openWeights = options.openWeights;
  if (options.releaseDate !== undefined) facts.releaseDate = options.releaseDate;
  if (options.modelUrl !== undefined) facts.modelUrl = options.modelUrl;
  if (options.paperUrl !== undefined) facts.paperUrl = options.paperUrl;
  if (options.codeUrl !== undefined) facts.codeUrl = options.codeUrl;
  for (const name of options.clear ?? []) {
    if (!(CLEARABLE as readonly string[]).includes(name)) throw new Error(`--clear: unknown fact "${name}"; known: ${CLEARABLE.join(", ")}`);
    facts[FIELD_OF[name as (typeof CLEARABLE)[number]]] = null;
  }
  return facts;
}

/** `admin system-facts <slug> --params-b 8 --open-weights --license llama3.1 ...`: set a system's model facts (docs/model-facts.md). */
export function register(program: Command): void {
  const admin = program.commands.find((c) => c.name() === "admin") ?? program.command("admin").description("operator commands");
  admin
    .command("system-facts <slug>")
    .description("set a system's model facts (parameters, licence, open weights, release date, links); only the given ones change")
    .option("--params-b <billions>", "total parameters, in billions (8 for an 8B model)")
    .option("--active-params-b <billions>", "active parameters per token (mixture-of-experts), in billions")
    .option("--license <id>", 'SPDX-like licence id ("Apache-2.0", "MIT", "llama3.1") or "proprietary"')
    .option("--open-weights", "the weights are published")
    .option("--no-open-weights", "the weights are not published")
    .option("--release-date <YYYY-MM-DD>", "the model's release date")
    .option("--model-url <url>", "the model card")
    .option("--paper-url <url>", "the paper")
    .option("--code-url <url>", "the code")
    .option("--clear <fact...>", `facts to empty: ${CLEARABLE.join(", ")}`)
    .action(async (slug: string, options: FactOptions) => {
      const facts = factsOfOptions(options);
      const result = await withDb((db) => setSystemFacts(db, slug, facts, { id: null, reason: "admin system-facts (CLI)" }));
      if (!result.ok) throw new Error(result.message.replace(/^(\w+):/, (_, field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:`));
      process.stderr.write(`${result.slug}: set ${result.set.join(", ")}\n`);
    });
}
