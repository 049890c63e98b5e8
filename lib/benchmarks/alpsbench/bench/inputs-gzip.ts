#!/usr/bin/env tsx
/**
 * Bytes on the wire of a track's inputs download, plain, gzipped and (Task 3) compact, through the download's dispatch
 * that GET /api/v1/inputs/<track> calls:
 *   DATABASE_URL=<a database with the real data imported> npx tsx lib/benchmarks/alpsbench/bench/inputs-gzip.ts [--track task3-d1000] [--split full] [--modes no,file,compact]
 * Prints, per mode, the size and the time of the first request (it builds the cached file) and of the second (it
 * streams the file): plain, the `.jsonl.gz` file (`file`) and the `.compact.jsonl.gz` file (`compact`) by default,
 * which the route serves; `encoding` (the same gzip, one file with `file`) and `br` on asking; then the load average
 * (the machine is shared: a loaded figure is no idle one; sizes do not depend on it). The files go to a throw-away
 * DOWNLOAD_CACHE_DIR under .tmp/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadAverage as load } from "@/scripts/lib/bench-server";
import { createPrismaClient } from "@/lib/db/create-client";
import { inputsResponse } from "@/app/api/v1/inputs/_lib/inputs-response";
import type { InputsGzip } from "@/lib/benchmarks/types-pipeline";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const { values } = parseArgs({
  options: { track: { type: "string", default: "task3-d1000" }, split: { type: "string", default: "full" }, modes: { type: "string", default: "no,file,compact" } },
});
const MODES = ["no", "encoding", "br", "file", "compact"] as const satisfies readonly InputsGzip[];
const NAMES: Record<(typeof MODES)[number], string> = { no: "plain  ", encoding: "gzip   ", br: "br     ", file: ".gz    ", compact: "compact" };
const modes = values.modes!.split(",").map((mode) => {
  const known = MODES.find((m) => m === mode);
  if (!known) throw new Error(`--modes: "${mode}" is none of ${MODES.join(", ")}`);
  return known;
});
const cache = mkdtempSync(path.join(ROOT, ".tmp", "bench-inputs-gzip-"));
process.env.DOWNLOAD_CACHE_DIR = cache;
const db = createPrismaClient(process.env.DATABASE_URL!);
const search = () => new URLSearchParams(values.split === "full" ? {} : { split: values.split! });

async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}
const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
process.stdout.write(`inputs ${values.track} (${values.split}); load average before ${load()}\n`);
for (const mode of modes) {
  // plain is produced on each request; the others twice: the first builds the cached file, the second streams it
  for (const request of mode === "no" ? ["once"] : ["first", "second"]) {
    const started = Date.now();
    const response = await inputsResponse(db, values.track!, search(), "inputs", mode);
    if (response.status !== 200) throw new Error(`${mode}: ${response.status} ${await response.text()}`);
    const bytes = await drain(response);
    process.stdout.write(`  ${NAMES[mode]}: ${MB(bytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s (${request})\n`);
  }
}
process.stdout.write(`load average after ${load()}\n`);
await db.$disconnect();
rmSync(cache, { recursive: true, force: true });
