#!/usr/bin/env tsx
/**
 * The `alpsbench` CLI: `npm run --silent alpsbench -- <command>`.
 * Each command lives in scripts/cli/<command>.ts and exports `register(program)`; this file only wires them.
 * Commands print machine-readable output on stdout (with --json) and human messages on stderr, and exit
 * non-zero with one clear message when the input is bad.
 */
import { Command } from "commander";
import { registerCommands } from "./cli/index";

const program = new Command()
  .name("alpsbench")
  .description("AlpsBench leaderboard: import data, score predictions, replay the judge, manage the server.")
  .showHelpAfterError();

registerCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error ?? "unknown error");
  process.stderr.write(`alpsbench: ${message}\n`);
  process.exit(1);
});
