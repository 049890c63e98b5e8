import type { Command } from "commander";

/** One line per command module; each module exports `register(program: Command): void`. */
export function registerCommands(program: Command): void {
  void program;
}
