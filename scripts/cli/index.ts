import type { Command } from "commander";
import { register as registerExportPredictions } from "./export-predictions";
import { register as registerImport } from "./import";
import { register as registerReplayJudge } from "./replay-judge";
import { register as registerScore } from "./score";

/** One line per command module; each module exports `register(program: Command): void`. */
export function registerCommands(program: Command): void {
  registerImport(program);
  registerExportPredictions(program);
  registerScore(program);
  registerReplayJudge(program);
}
