#!/usr/bin/env tsx
/**
 * The platform's CLI: `npm run --silent alpsbench -- <command>`. The platform's commands live in
 * scripts/cli/<command>.ts, each benchmark's in its folder (registered through its `registerCommands` hook);
 * scripts/cli/index.ts wires them. The program is named after this file.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildProgram } from "./cli/index";

const name = path.basename(fileURLToPath(import.meta.url), ".ts");

buildProgram(name)
  .then((program) => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error ?? "unknown error");
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(1);
  });
