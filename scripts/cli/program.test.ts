import { Command } from "commander";
import { afterEach, describe, expect, test } from "vitest";
import { registerBenchmark } from "@/lib/benchmarks";
import type { CommandHost } from "@/lib/benchmarks/types";
import { pipelineBenchmark } from "@/tests/fixtures/pipeline-benchmark";
import { commandHost } from "./command-host";
import { buildProgram, registerCommands } from "./index";

/**
 * The CLI's command list is the platform's commands plus what every hosted benchmark registers through its
 * `registerCommands` hook (read from the registry), so a benchmark brings its commands without a platform change.
 */
const unregister: (() => void)[] = [];
afterEach(() => {
  for (const undo of unregister.splice(0)) undo();
});

const names = (program: Command) => program.commands.map((c) => c.name()).sort();

describe("the CLI program", () => {
  test("lists the platform's commands and each hosted benchmark's (AlpsBench's come from its declaration)", async () => {
    const program = await buildProgram("alpsbench");
    expect(program.name()).toBe("alpsbench");
    expect(names(program)).toEqual(
      [
        "admin",
        "delete-submission",
        "export-predictions",
        "import",
        "import-eee",
        "personalllm-synthetic",
        "replay-judge",
        "rescore",
        "role",
        "score",
        "submit",
        "system",
        "token",
        "verify",
      ].sort(),
    );
  });

  test("a registered pipeline benchmark's registerCommands shows up in the program, handed the platform's host", async () => {
    const hosts: CommandHost[] = [];
    const benchmark = {
      ...pipelineBenchmark("cli-test"),
      registerCommands(program: Command, host: CommandHost) {
        hosts.push(host);
        program.command("cli-test-hello").description("a test benchmark's command");
      },
    };
    unregister.push(registerBenchmark(benchmark));
    const program = new Command().name("alpsbench");
    await registerCommands(program);
    expect(names(program)).toContain("cli-test-hello");
    expect(hosts).toEqual([commandHost]);
  });
});
