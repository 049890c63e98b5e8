/**
 * How long reading the whole real packets layout takes (readPacketsLayout: every packet, the Task 4 records, the
 * Task 3 pools), wall and CPU seconds per run. lib/benchmarks/alpsbench/data/real-packets.test.ts checks what it
 * reads; this prints how fast, since a test may not assert a time (the machine is shared and loaded).
 *
 *   npx tsx lib/benchmarks/alpsbench/bench/read-packets.ts --data ../shared/data/alpsbench [--repeat 3]
 */
import { parseArgs } from "node:util";
import { readPacketsLayout } from "../data/read-packets-layout";
import { loadAverage } from "@/scripts/lib/bench-server";

const { values: args } = parseArgs({ options: { data: { type: "string" }, repeat: { type: "string", default: "1" } } });
if (!args.data) {
  console.error("usage: tsx lib/benchmarks/alpsbench/bench/read-packets.ts --data <alpsbench data dir> [--repeat N]");
  process.exit(2);
}
const repeat = Math.max(1, Number(args.repeat) || 1);

console.log(`load average at start: ${loadAverage()}`);
for (let run = 1; run <= repeat; run++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const instances = await readPacketsLayout(args.data);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(
    `run ${run}: ${instances.length} instances in ${(wallMs / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, RSS ${rss.toFixed(0)} MB`,
  );
}
