import type { Command } from "commander";
import { register as registerExportPredictions } from "./export-predictions";
import { register as registerImport } from "./import";
import { register as registerReplayJudge } from "./replay-judge";
import { register as registerRescore } from "./rescore";
import { register as registerRole } from "./role";
import { register as registerScore } from "./score";
import { register as registerSubmit } from "./submit";
import { register as registerToken } from "./token";

/** One line per command module; each module exports `register(program: Command): void`. */
export function registerCommands(program: Command): void {
  registerImport(program);
  registerExportPredictions(program);
  registerScore(program);
  registerReplayJudge(program);
  registerToken(program);
  registerRole(program);
  registerSubmit(program);
  registerRescore(program);
}
