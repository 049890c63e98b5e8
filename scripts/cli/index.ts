import type { Command } from "commander";
import { register as registerAdmin } from "./admin";
import { register as registerDeleteSubmission } from "./delete-submission";
import { register as registerExportPredictions } from "./export-predictions";
import { register as registerImport } from "./import";
import { register as registerImportEee } from "./import-eee";
import { BENCHMARKS } from "@/lib/benchmarks";
import { register as registerReplayJudge } from "./replay-judge";
import { register as registerRescore } from "./rescore";
import { register as registerRole } from "./role";
import { register as registerScore } from "./score";
import { register as registerSubmit } from "./submit";
import { register as registerSystemFacts } from "./system-facts";
import { register as registerToken } from "./token";
import { register as registerVerify } from "./verify";

/** One line per command module; each module exports `register(program: Command): void`. */
export function registerCommands(program: Command): void {
  registerImport(program);
  registerImportEee(program);
  registerExportPredictions(program);
  registerScore(program);
  registerReplayJudge(program);
  registerToken(program);
  registerRole(program);
  registerAdmin(program);
  registerSystemFacts(program);
  registerSubmit(program);
  registerDeleteSubmission(program);
  registerRescore(program);
  registerVerify(program);
  // commands a benchmark module brings (e.g. personalllm-synthetic)
  for (const benchmark of BENCHMARKS) benchmark.registerCommands?.(program);
}
