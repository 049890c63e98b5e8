import { getBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import type { CommandHost } from "@/lib/benchmarks/types";
import { seed } from "@/lib/db/seed";
import { scoreBenchmarkCommand } from "./score-benchmark";
import { writeStarterRun } from "./starter-run";

/** The platform's side of the commands benchmarks register (lib/benchmarks/types.ts `CommandHost`). */
export const commandHost: CommandHost = {
  seed: async (db) => {
    await seed(db);
  },
  importModuleFolder: importBenchmarkFolder,
  async scoreModuleFile(options) {
    const hosted = getBenchmark(options.benchmark);
    const scoreFile = hosted && capabilitiesOf(hosted).scoreFile;
    if (!scoreFile) return false;
    if (!options.data) throw new Error("error: --data <folder> is required with --benchmark " + options.benchmark);
    await scoreBenchmarkCommand(hosted, scoreFile, { ...options, data: options.data });
    return true;
  },
  writeStarterRun,
};
