#!/usr/bin/env tsx
/**
 * Bytes on the wire of a track's inputs download, plain and gzipped, through the download's dispatch that
 * GET /api/v1/inputs/<track> calls:
 *   DATABASE_URL=<a database with the real data imported> npx tsx lib/benchmarks/alpsbench/bench/inputs-gzip.ts [--track task3-d1000] [--split full]
 * Prints the plain size and time, the gzip size, the first gzip request's time (it builds the cached file) and the
 * second's (it streams the file), and the load average (the machine is shared: a loaded figure is no idle one).
 * The gzip goes to a throw-away DOWNLOAD_CACHE_DIR under .tmp/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPrismaClient } from "@/lib/db/create-client";
import { inputsResponse } from "@/app/api/v1/inputs/_lib/inputs-response";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const { values } = parseArgs({ options: { track: { type: "string", default: "task3-d1000" }, split: { type: "string", default: "full" } } });
const cache = mkdtempSync(path.join(ROOT, ".tmp", "bench-inputs-gzip-"));
process.env.DOWNLOAD_CACHE_DIR = cache;
const db = createPrismaClient(process.env.DATABASE_URL!);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
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
for (const mode of ["no", "encoding", "encoding", "br", "br"] as const) {
  const started = Date.now();
  const response = await inputsResponse(db, values.track!, search(), "inputs", mode);
  const bytes = await drain(response);
  process.stdout.write(`  ${mode === "no" ? "plain" : mode === "br" ? "br   " : "gzip "}: ${MB(bytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
process.stdout.write(`load average after ${load()}\n`);
await db.$disconnect();
rmSync(cache, { recursive: true, force: true });
