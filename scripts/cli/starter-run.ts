import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { benchmarkOfDataVersion, dataVersionOf } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { CommandHost, StarterFile } from "@/lib/benchmarks/types";
import { withDb } from "@/lib/cli/with-db";

/**
 * `export-predictions --starter --out <folder> [--benchmark <data version or module>] [--split dev]`: the starter
 * run a hosted benchmark declares (`starterRun`), written in its upload layout, from the inputs this server's
 * database holds; then the command that uploads it.
 */
export const writeStarterRun: CommandHost["writeStarterRun"] = async (options) => {
  const hosted = benchmarkOfDataVersion(options.benchmark);
  const starterRun = hosted.starterRun;
  if (!starterRun) throw new Error(`--benchmark ${hosted.id}: it offers no starter run`);
  const { starterUpload } = capabilitiesOf(hosted);
  const refusal = starterUpload.refusal(options.split);
  if (refusal) throw new Error(refusal);
  const started = Date.now();
  const progress = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  progress(`starter run of ${options.benchmark}, split ${options.split}: reading the inputs from the database`);
  const files: StarterFile[] = await withDb((db) => starterRun(db, { dataVersion: dataVersionOf(options.benchmark), split: options.split, progress }));
  if (files.length === 0)
    throw new Error(`${options.benchmark} has no instances${options.split === "full" ? "" : ` in the ${options.split} split`} on this database`);
  for (const file of files) {
    const target = path.join(options.out, ...file.path.split("/"));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.text, "utf8");
    process.stderr.write(`${file.path}: ${file.rows} rows\n`);
  }
  const upload = starterUpload.command(files, options.out, options.benchmark, options.split);
  process.stderr.write(`starter run: ${files.length} file(s) in ${options.out}; upload with\n  ${upload}\n`);
};
