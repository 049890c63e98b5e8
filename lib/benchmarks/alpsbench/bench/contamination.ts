/**
 * The contamination check's figures on the real data, to choose its threshold and test its robustness
 * (lib/contamination): for each of the authors' released Task 1 outputs, the share of its distinct predicted
 * values found in other tracks' public inputs, and in each other model's outputs; then attack files: a copy of
 * the Task 2 input pools as Task 1 predictions (SCORING.md "A leak across tasks") and that copy with trivial
 * edits that keep the scorer's fuzzy match. Each figure is given twice: "old" = the first check (exact
 * SCORING.md-normalised key), "new" = skeleton containment (lib/benchmarks/alpsbench/contamination/skeleton.ts). "dialogue" = each row
 * against its own dialogue's public memories by the scorer's value similarity (lib/benchmarks/alpsbench/contamination/dialogue-match.ts):
 * share of predicted items matched / share of public memories covered.
 *
 *   npx tsx lib/benchmarks/alpsbench/bench/contamination.ts --data ../shared/data/alpsbench/packets
 */
import { parseArgs } from "node:util";
import { exportPredictionsFromPackets } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";
import { CONTAMINATION_THRESHOLD, countedSkeletons, measureContamination } from "@/lib/benchmarks/alpsbench/contamination/measure-contamination";
import { isLongValue, predictedSkeletons } from "@/lib/benchmarks/alpsbench/contamination/predicted-values";
import { dialogueMatchCounts, VALUE_MATCH } from "@/lib/benchmarks/alpsbench/contamination/dialogue-match";
import { buildPublicValueIndex, publicValueCounts, publicValuesByDialogue } from "@/lib/benchmarks/alpsbench/contamination/public-value-index";
import { withServerPools } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { REPORTED_SYSTEMS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";

const { values } = parseArgs({ options: { data: { type: "string" } } });
if (!values.data) throw new Error("--data <packets dir> is required");
const started = Date.now();
const instances = withServerPools(await readPacketsLayout(values.data), "bench-contamination");
const publicInputs = instances.map((i) => ({ track: i.track, input: i.input }));
let t = Date.now();
const index = buildPublicValueIndex(publicInputs);
const dialogues = publicValuesByDialogue(instances);
const dialogueOf = (rows: readonly unknown[]) => dialogueMatchCounts(rows, (id) => dialogues.get(id));
const counts = publicValueCounts(index);
console.log(
  `public values: ${counts.task2Inputs} distinct skeletons in Task 2 inputs, ${counts.task3Candidates} in Task 3 candidates; index built in ${Date.now() - t} ms`,
);

type Row = { memory_items?: unknown };
const valuesOf = (rows: readonly unknown[]) => rows.flatMap((r) => ((r as Row).memory_items as { value?: unknown }[] | undefined) ?? []).map((m) => m?.value);

// The first check, kept here only to compare: exact normalised keys of values of three tokens or more.
const oldKeys = (rows: readonly unknown[]) =>
  new Set(
    valuesOf(rows)
      .filter(isLongValue)
      .map((v) => normalize(v).trim()),
  );
const oldPublic = oldKeys(
  publicInputs.flatMap(({ track, input }) => {
    const i = input as { memory?: unknown; candidate_memories?: unknown };
    const items = track === "task2" ? i.memory : track.startsWith("task3/") ? i.candidate_memories : [];
    return [{ memory_items: Array.isArray(items) ? items : [] }];
  }),
);
const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((k) => b.has(k)).length;

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const rowsOf = new Map<string, unknown[]>();
for (const system of REPORTED_SYSTEMS) {
  if (system.packetsModel) rowsOf.set(system.name, (await exportPredictionsFromPackets(values.data, "task1", system.packetsModel)).rows);
}
t = Date.now();
const counted = new Map([...rowsOf].map(([name, rows]) => [name, new Set(countedSkeletons(predictedSkeletons(rows), index))]));
const old = new Map([...rowsOf].map(([name, rows]) => [name, oldKeys(rows)]));
let worst = { oldPublic: 0, oldPair: 0, newPublic: 0, newPair: 0, matched: 0, covered: 0 };
let dialogueMs = 0;
for (const [name, rows] of rowsOf) {
  const closest = (sets: Map<string, Set<string>>) => Math.max(...[...sets].filter(([n]) => n !== name).map(([, s]) => overlap(sets.get(name)!, s)));
  const mine = old.get(name)!;
  const oldFigures = { publicShare: overlap(mine, oldPublic) / mine.size, pair: closest(old) / mine.size };
  const d0 = Date.now();
  const dialogue = dialogueOf(rows);
  dialogueMs += Date.now() - d0;
  const f = measureContamination(predictedSkeletons(rows), index, { submissionId: "other", shared: closest(counted) }, dialogue);
  worst = {
    matched: Math.max(worst.matched, f.dialogue!.matchedShare),
    covered: Math.max(worst.covered, f.dialogue!.coveredShare),
    oldPublic: Math.max(worst.oldPublic, oldFigures.publicShare),
    oldPair: Math.max(worst.oldPair, oldFigures.pair),
    newPublic: Math.max(worst.newPublic, f.publicShare),
    newPair: Math.max(worst.newPair, f.submissionShare),
  };
  console.log(
    `${name.padEnd(25)} values old ${String(mine.size).padStart(5)} new ${String(f.values).padStart(5)}  public old ${pct(oldFigures.publicShare).padStart(6)} new ${pct(f.publicShare).padStart(6)}  closest other model old ${pct(oldFigures.pair).padStart(6)} new ${pct(f.submissionShare).padStart(6)}  dialogue ${pct(f.dialogue!.matchedShare).padStart(6)} / ${pct(f.dialogue!.coveredShare).padStart(6)}  flagged=${f.flagged}`,
  );
}
console.log(`seven models measured in ${Date.now() - t} ms (of which the dialogue comparison ${dialogueMs} ms)`);

// The attacks: Task 1 test predictions copied from the Task 2 inputs of the same session, then edited.
const task2BySession = new Map<string, { value?: unknown }[]>();
for (const i of instances) if (i.track === "task2") task2BySession.set(i.sessionId ?? i.benchmarkId, (i.input as { memory: { value?: unknown }[] }).memory);
const copied = instances
  .filter((i) => i.track === "task1" && i.split === "test")
  .map((i) => ({ benchmark_id: i.benchmarkId, memory_items: task2BySession.get(i.sessionId ?? i.benchmarkId) ?? [] }));
const edited = (edit: (value: string) => string) =>
  copied.map((r) => ({ ...r, memory_items: r.memory_items.map((m) => ({ ...m, value: typeof m.value === "string" ? edit(m.value) : m.value })) }));
const attacks: [string, unknown[]][] = [
  ["copy of Task 2 inputs (test rows)", copied],
  ['(a) "The user: " + VALUE + " !"', edited((v) => `The user: ${v.toUpperCase()} !`)],
  ["(b) Latin e -> Cyrillic е", edited((v) => v.replaceAll("e", "\u0435"))],
  ["(c) spaces removed", edited((v) => v.replaceAll(" ", ""))],
  [
    "(d) Greek/Cyrillic capitals, fullwidth digits",
    edited((v) =>
      v
        .toUpperCase()
        .replaceAll("A", "\u0391")
        .replaceAll("O", "\u041e")
        .replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ),
  ],
  ["(e) one letter dropped per value", edited((v) => v.replace(/([a-z])([a-z])(?=[a-z]* )/, "$2"))],
  ["(f) each value's words reversed", edited((v) => v.split(" ").reverse().join(" "))],
  [
    "(g) reversed, one word dropped",
    edited((v) => {
      const words = v.split(" ").reverse();
      if (words.length > 3) words.splice(1, 1);
      return words.join(" ");
    }),
  ],
  [
    "(h) reversed + 9 junk items per row",
    edited((v) => v.split(" ").reverse().join(" ")).map((r) => ({
      ...r,
      memory_items: [
        ...r.memory_items,
        ...Array.from({ length: 9 }, (_, j) => ({ type: "direct", label: "UNMAPPED", value: `unrelated note ${j} ${r.benchmark_id}`, confidence: 0.5 })),
      ],
    })),
  ],
  ["(i) limit: labels and types kept, values junk", edited(() => "zz qq")],
];
// what the scorer gives each attack file against the gold (macro means over its rows, SCORING.md)
const goldOf = new Map(instances.filter((i) => i.track === "task1").map((i) => [i.benchmarkId, i.gold as { memory_items: unknown[] } | null]));
const scoreOf = (rows: readonly { benchmark_id: string; memory_items: unknown[] }[]) => {
  let f1 = 0;
  let score = 0;
  for (const row of rows) {
    const result = scoreMemorySet((goldOf.get(row.benchmark_id)?.memory_items ?? []) as never, row.memory_items as never);
    f1 += result.f1;
    score += result.algoScore100;
  }
  return `F1 ${(f1 / rows.length).toFixed(4)} score ${(score / rows.length).toFixed(1)}`;
};
for (const [label, rows] of attacks) {
  const keys = oldKeys(rows);
  console.log(`${label.padEnd(48)} scorer: ${scoreOf(rows as { benchmark_id: string; memory_items: unknown[] }[])}`);
  const skeletonsOnly = measureContamination(predictedSkeletons(rows), index, null);
  const f = measureContamination(predictedSkeletons(rows), index, null, dialogueOf(rows));
  console.log(
    `${label.padEnd(48)} values old ${keys.size} new ${f.values}; public old ${pct(keys.size ? overlap(keys, oldPublic) / keys.size : 0)} new ${pct(f.publicShare)} (task2 ${pct(f.task2InputShare)}, task3 ${pct(f.task3CandidateShare)}); dialogue ${pct(f.dialogue!.matchedShare)} / ${pct(f.dialogue!.coveredShare)}; flagged skeletons only=${skeletonsOnly.flagged} with dialogue=${f.flagged}`,
  );
}
console.log(
  `threshold ${pct(CONTAMINATION_THRESHOLD)}, value similarity ${VALUE_MATCH}; worst released output: public old ${pct(worst.oldPublic)} new ${pct(worst.newPublic)}, another model old ${pct(worst.oldPair)} new ${pct(worst.newPair)}, dialogue items ${pct(worst.matched)} memories ${pct(worst.covered)}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
