#!/usr/bin/env tsx
/**
 * The platform's CLI: `npm run --silent alpsbench -- <command>` (the npm script is named after the CLI's name in
 * lib/platform/site.ts). The platform's commands live in scripts/cli/<command>.ts, each benchmark's in its folder
 * (registered through its `registerCommands` hook); scripts/cli/index.ts wires them.
 */
import { SITE } from "@/lib/platform/site";
import { buildProgram } from "./cli/index";

const name = SITE.cliName;

buildProgram(name)
  .then((program) => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error ?? "unknown error");
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(1);
  });
