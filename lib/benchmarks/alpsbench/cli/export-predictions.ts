import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { Option, type Command } from "commander";
import { z } from "zod";
import type { CommandHost } from "@/lib/benchmarks/types";
import { parseOption } from "@/lib/cli/with-db";
import { exportPredictionsFromPackets } from "../data/export-predictions";
import { TrackOption } from "./track-option";

const Options = z.object({
  from: z.string().min(1),
  task: TrackOption.refine((track): track is "task1" => track === "task1", {
    error: (issue) =>
      `--task: the packets store model outputs for task1 only, not ${String(issue.input)}; for every track, \`export-predictions --starter --out run/\` writes baselines from the inputs`,
  }),
  model: z.string().min(1),
  out: z.string().min(1).optional(),
});

const StarterOptions = z.object({
  out: z.string({ error: "--out <folder> is required with --starter" }).min(1),
  benchmark: z.string().min(1),
  split: z.enum(["full", "dev", "validation", "test"]),
});

/**
 * `alpsbench export-predictions --from <packets-dir> --task task1 --model <name> [--out file]`: writes the
 * packets' stored Task 1 outputs of one LLM as a prediction file (JSONL, one `{benchmark_id, memory_items}` row per
 * packet) to stdout or --out; a summary goes to stderr.
 *
 * `alpsbench export-predictions --starter --out <folder> [--benchmark alpsbench-v1|demo|personalllm] [--split dev]`:
 * a starter run, baselines for every track in the official prediction format and layout
 * (`<split>/<track>/predictions.jsonl`; lib/benchmarks/alpsbench/starter-run.ts), from the inputs this server's
 * database holds, to upload as is (`submit --dir <folder>`, or the folder zipped on /submit). With
 * `--benchmark personalllm`: `rewards.jsonl` and `selection.jsonl`, one upload each.
 */
export function register(program: Command, host: CommandHost): void {
  program
    .command("export-predictions")
    .description("Export one LLM's stored Task 1 outputs from the packets, or (--starter) a starter run of baselines for every track")
    .option("--from <packets-dir>", "packets folder (or the data folder that contains packets/)")
    .option("--task <task>", "task to export from the packets; only task1 (the packets store LLM outputs for Task 1)")
    .option("--model <name>", "model as named in the packets (gpt-5.2) or its display name (GPT-5.2)")
    .option("--out <file>", "write to this file instead of stdout (with --starter: the run's folder)")
    .option("--starter", "write a starter run: baselines for every track, in the official layout, from the database's inputs")
    .option("--benchmark <slug>", "with --starter: the data version (alpsbench-v1, demo) or personalllm", "alpsbench-v1")
    .addOption(
      new Option("--split <split>", "with --starter: the split whose instances the run covers").choices(["full", "dev", "validation", "test"]).default("dev"),
    )
    .action(async (raw: Record<string, unknown>) => {
      if (raw.starter) {
        await host.writeStarterRun(parseOption(StarterOptions, raw));
        return;
      }
      for (const name of ["from", "task", "model"] as const) {
        if (raw[name] === undefined) throw new Error(`--${name} is required (or --starter for a starter run of every track)`);
      }
      const options = parseOption(Options, raw);
      const { model, rows } = await exportPredictionsFromPackets(options.from, options.task, options.model);
      const target: Writable = options.out ? createWriteStream(options.out, { encoding: "utf8" }) : process.stdout;
      try {
        for (const row of rows) if (!target.write(`${JSON.stringify(row)}\n`)) await once(target, "drain");
      } catch (error) {
        // `... | head` closes stdout early: stop quietly, the reader has what it wanted.
        if (!options.out && error instanceof Error && "code" in error && error.code === "EPIPE") return;
        throw error;
      }
      if (options.out) await new Promise<void>((resolve, reject) => target.end((error?: Error | null) => (error ? reject(error) : resolve())));
      process.stderr.write(`exported ${rows.length} ${options.task} prediction rows for ${model}${options.out ? ` to ${options.out}` : ""}\n`);
    });
}
