import path from "node:path";
import { hasSplits, trackSplits } from "./module-splits";
import type { OneCallBenchmark, StarterFile } from "./types";

/**
 * A benchmark's `starterUpload` capability (hosted-capabilities.ts): whether `export-predictions --starter` takes the
 * split asked for (the refusal, else null), and the command that uploads the files it wrote under `out`.
 */
type StarterUpload = { refusal(split: string): string | null; command(files: readonly StarterFile[], out: string, named: string, split: string): string };

/** The platform's default: one `submit --file` per track, on the split when the module has splits. */
export function oneCallStarterUpload(module: OneCallBenchmark): StarterUpload {
  const splits: readonly string[] | null = hasSplits(module) ? [...new Set(module.tracks.flatMap((t) => trackSplits(module, t).map((s) => s.id)))] : null;
  return {
    refusal(split) {
      if (splits) return splits.includes(split) ? null : `--split: "${split}" is not a ${module.title} split; choose one of ${splits.join(", ")}`;
      // a module without splits writes its one starter run whatever split is asked ("dev" is the command's default)
      return split === "dev" || split === "full" ? null : `--split: ${module.title} has no splits`;
    },
    command: (files, out, _named, split) =>
      files
        .map(
          (f) => `submit --benchmark ${module.id} --track ${f.track}${splits ? ` --split ${split}` : ""} --file ${path.join(out, f.path)} --model "Starter" --wait`,
        )
        .join("\n  "),
  };
}

/** A benchmark that takes a run (`pipeline.runFile`): its folder in one upload. */
export const runStarterUpload: StarterUpload = {
  refusal: () => null,
  command: (_files, out, named) => `submit --dir ${out} --benchmark ${named} --model "Starter" --wait   (or zip the folder and upload it on /submit)`,
};
