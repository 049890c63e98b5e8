import type { Command } from "commander";
import type { CommandHost } from "@/lib/benchmarks/types";
import { register as registerExportPredictions } from "./export-predictions";
import { register as registerImport } from "./import";
import { register as registerReplayJudge } from "./replay-judge";
import { register as registerScore } from "./score";

/**
 * AlpsBench's commands of the platform's CLI (`npm run alpsbench -- <command>`), registered through the
 * declaration's `registerCommands` hook. Each command lives in a file of this folder and exports `register`; the
 * parts a command shares with other benchmarks (a module's folder or file, a starter run) come from the `host`.
 */
export function registerAlpsBenchCommands(program: Command, host: CommandHost): void {
  registerImport(program, host);
  registerExportPredictions(program, host);
  registerScore(program, host);
  registerReplayJudge(program);
}
