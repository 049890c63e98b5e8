/**
 * Task 1 items the scorer matches to their own dialogue's public memories (Task 2's input pool of the same session,
 * which is the row's gold) on label, type and confidence alone: accepted pairs whose value similarity is below a
 * floor. A file that copies each public memory's label and type with a junk value scores F1 1.0 and about 76 on
 * the algo score (0.4 label + 0.1 type + 0.1 confidence already pass the 0.30 threshold); this prints the share
 * of public memories so matched for the authors' released outputs and for such files, to set a threshold.
 *
 *   npx tsx lib/benchmarks/alpsbench/bench/structure-only-matches.ts --data ../shared/data/alpsbench/packets
 */
import { parseArgs } from "node:util";
import { exportPredictionsFromPackets } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { STRUCTURE_ONLY_VALUE } from "@/lib/benchmarks/alpsbench/contamination/structure-only";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { REPORTED_SYSTEMS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";

const { values } = parseArgs({ options: { data: { type: "string" } } });
if (!values.data) throw new Error("--data <packets dir> is required");
const instances = await readPacketsLayout(values.data);
const bySession = new Map<string, unknown[]>();
for (const i of instances) if (i.track === "task2" && i.sessionId) bySession.set(i.sessionId, (i.input as { memory: unknown[] }).memory);
const publicOf = new Map<string, unknown[]>();
for (const i of instances) if (i.track === "task1" && i.sessionId && bySession.has(i.sessionId)) publicOf.set(i.benchmarkId, bySession.get(i.sessionId)!);

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
// the floor in use and a few around it, from one scoring pass per file
const FLOORS = [...new Set([0.05, 0.1, 0.15, STRUCTURE_ONLY_VALUE])].sort();
const report = (name: string, rows: readonly { benchmark_id: string; memory_items: unknown[] }[]) => {
  let algo = 0;
  let n = 0;
  let publicValues = 0;
  const below = FLOORS.map(() => 0);
  for (const row of rows) {
    const gold = publicOf.get(row.benchmark_id);
    if (!gold) continue;
    const result = scoreMemorySet(gold, row.memory_items);
    algo += result.algoScore100;
    n += 1;
    publicValues += gold.length;
    FLOORS.forEach((floor, k) => (below[k]! += result.pairs.filter((pair) => pair.value < floor).length));
  }
  const shares = FLOORS.map((floor, k) => `<${floor}: ${pct(below[k]! / Math.max(1, publicValues))}`).join(", ");
  console.log(
    `${name.padEnd(34)} rows ${n}, public memories ${publicValues}, paired on structure only (value ${shares}), algo vs public ${(algo / Math.max(1, n)).toFixed(2)}`,
  );
};

for (const system of REPORTED_SYSTEMS) {
  if (!system.packetsModel) continue;
  report(system.name, (await exportPredictionsFromPackets(values.data, "task1", system.packetsModel)).rows);
}
const junk = [...publicOf].map(([id, memory]) => ({
  benchmark_id: id,
  memory_items: (memory as Record<string, unknown>[]).map((m, k) => ({ label: m.label, type: m.type, value: `qzx ${k} vlorp`, confidence: m.confidence })),
}));
report("junk values, public labels/types", junk);
report(
  "the same, one item per row dropped",
  junk.map((r) => ({ ...r, memory_items: r.memory_items.slice(1) })),
);
report(
  "the same, half the items",
  junk.map((r) => ({ ...r, memory_items: r.memory_items.filter((_, k) => k % 2 === 0) })),
);
