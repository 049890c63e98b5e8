import type { Command } from "commander";
import { hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { importEeeFiles } from "@/lib/eee/import-files";
import { withDb } from "@/lib/cli/with-db";

/**
 * `import-eee <file|dir> [--benchmark alpsbench] [--data-version alpsbench-v1] [--system <slug>] [--reported]`: Every
 * Eval Ever aggregate records (a lab's published results, or this site's own export) as claimed rows (or reported
 * ones, when the operator says so), source and evaluator relationship kept (docs/every-eval-ever.md). Exit status 1 when any file or result could not be read; the others are imported.
 */
export function register(program: Command): void {
  program
    .command("import-eee <path>")
    .description("import Every Eval Ever aggregate JSON files (a file or a folder) as claimed (or --reported) rows")
    .option("--benchmark <id>", "the benchmark the records are results of", ROOT_BENCHMARK.id)
    .option("--data-version <slug>", "the data version to add them to (default: the benchmark's own)")
    .option("--system <slug>", "the existing system the records are figures of (without it, each record makes a new system)")
    .option("--reported", "the figures are the benchmark authors' reported ones (without it, a row is labelled a claim of its source)")
    .action(async (target: string, options: { benchmark: string; dataVersion?: string; system?: string; reported?: boolean }) => {
      const benchmark = hostedBenchmarks().find((b) => b.id === options.benchmark);
      if (!benchmark)
        throw new Error(
          `--benchmark: unknown benchmark "${options.benchmark}"; known: ${hostedBenchmarks()
            .map((b) => b.id)
            .join(", ")}`,
        );
      if (!benchmark.eee) throw new Error(`--benchmark: ${benchmark.title} has no Every Eval Ever mapping`);
      const hook = benchmark.eee;
      const dataVersion = options.dataVersion ?? capabilitiesOf(benchmark).dataVersions[0];
      const importOptions = { ...(options.system !== undefined ? { system: options.system } : {}), reported: options.reported === true };
      const result = await withDb((db) => importEeeFiles(db, hook, dataVersion, target, importOptions));
      const tier = importOptions.reported ? "reported" : "claimed";
      for (const row of result.imported) process.stderr.write(`${row.file}: ${row.scores} figures of ${row.systemSlug} as ${tier} row ${row.submissionId}\n`);
      for (const p of result.problems)
        process.stderr.write(`${p.file}:${p.record === undefined ? "" : ` record ${JSON.stringify(p.record)}:`} field ${p.field}: ${p.message}\n`);
      process.stderr.write(`imported ${result.imported.length} record(s), ${result.problems.length} problem(s)\n`);
      if (result.problems.length > 0) process.exitCode = 1;
    });
}
