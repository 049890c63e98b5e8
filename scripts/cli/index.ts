import type { Command } from "commander";
import { register as registerImport } from "./import";

/** One line per command module; each module exports `register(program: Command): void`. */
export function registerCommands(program: Command): void {
  registerImport(program);
}
