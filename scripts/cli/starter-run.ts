import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { benchmarkOfDataVersion, dataVersionOf, getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { hasSplits, trackSplits } from "@/lib/benchmarks/module-splits";
import type { CommandHost, StarterFile } from "@/lib/benchmarks/types";
import { withDb } from "@/lib/cli/with-db";

/**
 * `export-predictions --starter --out <folder> [--benchmark <data version or module>] [--split dev]`: the starter
 * run a hosted benchmark declares (`starterRun`), written in its upload layout, from the inputs this server's
 * database holds; then the command that uploads it.
 */
export const writeStarterRun: CommandHost["writeStarterRun"] = async (options) => {
  const module = oneCallOf(getBenchmark(options.benchmark));
  const hosted = benchmarkOfDataVersion(options.benchmark);
  const starterRun = hosted.starterRun;
  if (!starterRun) throw new Error(`--benchmark ${hosted.id}: it offers no starter run`);
  // a module without splits writes its one starter run whatever split is asked ("dev" is the command's default)
  const splits = module && hasSplits(module) ? [...new Set(module.tracks.flatMap((t) => trackSplits(module, t).map((s) => s.id)))] : null;
  if (module && splits && !splits.includes(options.split))
    throw new Error(`--split: "${options.split}" is not a ${module.title} split; choose one of ${splits.join(", ")}`);
  if (module && !splits && options.split !== "dev" && options.split !== "full") throw new Error(`--split: ${module.title} has no splits`);
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
  const upload = module
    ? files
        .map(
          (f) =>
            `submit --benchmark ${module.id} --track ${f.track}${splits ? ` --split ${options.split}` : ""} --file ${path.join(options.out, f.path)} --model "Starter" --wait`,
        )
        .join("\n  ")
    : `submit --dir ${options.out} --benchmark ${options.benchmark} --model "Starter" --wait   (or zip the folder and upload it on /submit)`;
  process.stderr.write(`starter run: ${files.length} file(s) in ${options.out}; upload with\n  ${upload}\n`);
};
