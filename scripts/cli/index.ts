import { Command } from "commander";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { register as registerAdmin } from "./admin";
import { commandHost } from "./command-host";
import { register as registerDeleteSubmission } from "./delete-submission";
import { register as registerChangeSystem } from "./change-system";
import { register as registerImportEee } from "./import-eee";
import { register as registerRescore } from "./rescore";
import { register as registerRole } from "./role";
import { register as registerSubmit } from "./submit";
import { register as registerSystemFacts } from "./system-facts";
import { register as registerToken } from "./token";
import { register as registerVerify } from "./verify";
import { SITE } from "@/lib/platform/site";

/**
 * The platform's commands, one line per command module (each exports `register(program: Command): void`), then
 * every hosted benchmark's own (its `registerCommands` hook: AlpsBench's import, score, export-predictions,
 * replay-judge; PersonalLLM's synthetic data generator), read from the registry.
 */
export async function registerCommands(program: Command): Promise<void> {
  registerImportEee(program);
  registerToken(program);
  registerRole(program);
  registerAdmin(program);
  registerSystemFacts(program);
  registerSubmit(program);
  registerDeleteSubmission(program);
  registerChangeSystem(program);
  registerRescore(program);
  registerVerify(program);
  for (const benchmark of hostedBenchmarks()) await benchmark.registerCommands?.(program, commandHost);
}

/**
 * The CLI program, named `name`. Commands print machine-readable output on stdout (with --json) and human
 * messages on stderr, and exit non-zero with one clear message when the input is bad.
 */
export async function buildProgram(name: string): Promise<Command> {
  const program = new Command().name(name).description(`${SITE.name}: import data, score predictions, replay the judge, manage the server.`).showHelpAfterError();
  await registerCommands(program);
  return program;
}
