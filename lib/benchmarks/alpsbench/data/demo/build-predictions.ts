import type { SystemKind } from "@/lib/leaderboard/types";
import type { MemoryPredictionRow, PredictedMemoryItem, Task3PredictionRow, Task4PredictionRow } from "@/lib/benchmarks/alpsbench/upload/schemas";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import type { MemoryItem, NormalizedInstance, Task3Instance, Task4Instance } from "../normalized-instance";
import { FACT_KINDS } from "./content";
import { Rng } from "./rng";
import { SITE } from "@/lib/platform/site";

/**
 * Invented systems for the demo leaderboard, each with its own quality so the tables show a spread.
 * Predictions are made from the gold with seeded noise (a stand-in for a model), in the prediction
 * row shapes of ../shared/docs/SCORING.md.
 */
interface DemoSystemSpec {
  slug: string;
  name: string;
  organisation: string;
  kind: SystemKind;
  backbone: string | null;
  /** 0..1: share of gold facts recovered, share of right picks, share of memory-aware answers */
  quality: number;
  /** share of rows left out of the submission (a missing row scores as an empty prediction) */
  missingRows: number;
  /** the lexical baseline: ranks Task 3 candidates by word overlap, echoes user turns for Task 1 */
  lexical?: boolean;
}

export const DEMO_SYSTEMS: readonly DemoSystemSpec[] = [
  {
    slug: "demo-atlas-memory",
    name: "Atlas Memory (demo)",
    organisation: "North Harbour Lab (fictional)",
    kind: "memory_system",
    backbone: "demo-backbone-70b",
    quality: 0.85,
    missingRows: 0,
  },
  {
    slug: "demo-wren-chat",
    name: "Wren Chat (demo)",
    organisation: "Wren Labs (fictional)",
    kind: "general_llm",
    backbone: null,
    quality: 0.6,
    missingRows: 0,
  },
  {
    slug: "demo-pebble-mini",
    name: "Pebble Mini (demo)",
    organisation: "Pebble Collective (fictional)",
    kind: "general_llm",
    backbone: null,
    quality: 0.3,
    missingRows: 0.06,
  },
  {
    slug: "demo-lexical-baseline",
    name: "Word-overlap baseline (demo)",
    organisation: `${SITE.name} demo`,
    kind: "retrieval_baseline",
    backbone: null,
    quality: 0.2,
    missingRows: 0,
    lexical: true,
  },
];

/** the labels a prediction may carry: the demo facts' own, and two no fact has */
const LABELS = [...FACT_KINDS.map((k) => k.label), "Thoughts/Curiosity", "UNMAPPED"];

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** A looser wording of a value: what a weaker model writes instead of the gold phrasing. */
function paraphrase(value: string, rng: Rng): string {
  if (/[\u4e00-\u9fff]/.test(value)) return rng.chance(0.5) ? `用户${value}` : value.slice(0, Math.max(2, Math.ceil(value.length * 0.6)));
  const words = value.split(" ");
  switch (rng.int(3)) {
    case 0:
      return `User ${value.charAt(0).toLowerCase()}${value.slice(1)}`;
    case 1:
      return words.slice(0, Math.max(2, words.length - 2)).join(" ");
    default:
      return `${value} (probably)`;
  }
}

function wrongLabel(label: string, rng: Rng): string {
  // Half the time stay in the same domain (partial label credit), else anywhere.
  const domain = label.split("/")[0];
  const sameDomain = LABELS.filter((l) => l !== label && l.split("/")[0] === domain);
  if (sameDomain.length > 0 && rng.chance(0.5)) return rng.pick(sameDomain);
  return rng.pick(LABELS.filter((l) => l !== label));
}

function predictItem(gold: MemoryItem, quality: number, rng: Rng, id: string): PredictedMemoryItem {
  return {
    memory_id: id,
    type: rng.chance(0.6 + 0.4 * quality) ? gold.type : gold.type === "direct" ? "indirect" : "direct",
    label: rng.chance(0.5 + 0.5 * quality) ? gold.label : wrongLabel(gold.label, rng),
    value: rng.chance(quality) ? gold.value : paraphrase(gold.value, rng),
    confidence: round2(clamp01((gold.confidence ?? 0.8) + (rng.next() - 0.5) * 0.6 * (1 - quality))),
  };
}

function hallucinations(count: number, pool: readonly MemoryItem[], rng: Rng, startAt: number): PredictedMemoryItem[] {
  return rng.sample(pool, count).map((m, i) => ({
    memory_id: `p${startAt + i}`,
    type: rng.pick(["direct", "indirect"]),
    label: rng.pick(LABELS),
    value: m.value,
    confidence: round2(0.4 + rng.next() * 0.5),
  }));
}

function task1Row(instance: Extract<NormalizedInstance, { track: "task1" }>, spec: DemoSystemSpec, rng: Rng, others: readonly MemoryItem[]): MemoryPredictionRow {
  if (spec.lexical) {
    // Echo baseline: every longer user turn becomes a "memory".
    const items = instance.input.dialogue
      .filter((t) => t.role === "user" && t.text.length > 25)
      .map((t, i) => ({ memory_id: `p${i + 1}`, type: "direct", label: "UNMAPPED", value: t.text, confidence: 0.5 }));
    return { benchmark_id: instance.benchmarkId, memory_items: items };
  }
  const gold = instance.gold?.memory_items ?? [];
  const items: PredictedMemoryItem[] = [];
  for (const item of gold) if (rng.chance(0.35 + 0.6 * spec.quality)) items.push(predictItem(item, spec.quality, rng, `p${items.length + 1}`));
  if (rng.chance(1 - spec.quality)) items.push(...hallucinations(1 + rng.int(2), others, rng, items.length + 1));
  return { benchmark_id: instance.benchmarkId, memory_items: items };
}

function task2Row(instance: Extract<NormalizedInstance, { track: "task2" }>, spec: DemoSystemSpec, rng: Rng): MemoryPredictionRow {
  const pool = instance.input.memory;
  if (spec.lexical) return { benchmark_id: instance.benchmarkId, memory_items: pool.map((m) => ({ ...pick(m) })) }; // "no update" baseline
  const gold = instance.gold?.memory_items ?? [];
  const selectedId = instance.gold?.selected_memory_id ?? null;
  const items: PredictedMemoryItem[] = [];
  for (const item of gold) {
    const isUpdate = item.memory_id.endsWith("_updated");
    const isNew = item.memory_id.startsWith("m_new_");
    if (isUpdate && !rng.chance(spec.quality)) {
      // missed the modification: keeps the old memory
      const old = pool.find((m) => m.memory_id === selectedId);
      if (old) items.push(pick(old));
      continue;
    }
    if (isNew && !rng.chance(spec.quality)) continue;
    items.push(
      isUpdate || isNew ? predictItem(item, spec.quality, rng, item.memory_id) : rng.chance(0.9) ? pick(item) : predictItem(item, spec.quality, rng, item.memory_id),
    );
  }
  return { benchmark_id: instance.benchmarkId, memory_items: items };
}

function pick(m: MemoryItem): PredictedMemoryItem {
  return { memory_id: m.memory_id, type: m.type, label: m.label, value: m.value, ...(m.confidence != null ? { confidence: m.confidence } : {}) };
}

function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 2),
  );
}

function task3Row(instance: Task3Instance, spec: DemoSystemSpec, rng: Rng): Task3PredictionRow {
  const candidates = instance.input.candidate_memories;
  let chosen = candidates[0];
  if (spec.lexical) {
    const query = tokens(instance.input.query);
    let best = -1;
    for (const candidate of candidates) {
      let overlap = 0;
      for (const t of tokens(candidate.value)) if (query.has(t)) overlap += 1;
      if (overlap > best) {
        best = overlap;
        chosen = candidate;
      }
    }
  } else {
    const level = Math.log10((instance.meta.poolSize ?? 100) / 100); // 0 (d100) .. 1 (d1000)
    const pHit = clamp01(spec.quality + 0.1 - 0.15 * level);
    const goldId = instance.gold?.selected_memory_id;
    chosen = rng.chance(pHit) ? (candidates.find((c) => c.memory_id === goldId) ?? chosen) : rng.pick(candidates);
  }
  const value = chosen?.value ?? "";
  return {
    benchmark_id: instance.benchmarkId,
    selected_memory_id: chosen?.memory_id ?? null,
    answer: `Going by what you told me (${value}), here is my suggestion.`,
    reason: "This remembered detail is the one the question depends on.",
  };
}

function task4Row(instance: Task4Instance, spec: DemoSystemSpec, rng: Rng): Task4PredictionRow {
  const chinese = instance.meta.language === "Chinese";
  const memory = instance.gold?.selected_memory?.value;
  const ei = instance.track === "task4/ability5";
  const responses = instance.input.queries.map((q) => {
    const good = !spec.lexical && rng.chance(spec.quality);
    let response: string;
    if (ei) {
      response = good
        ? chinese
          ? "听起来你真的很难受，这种感受完全可以理解。愿意的话，跟我说说最让你放不下的是哪一部分？我们可以一起想想接下来能做的一小步。"
          : "That sounds really painful, and it makes sense that you feel this way. If you'd like, tell me which part weighs on you most, and we can think about one small step together."
        : chinese
          ? "别想太多，会好的。"
          : "Don't worry, it will be fine.";
    } else if (good && memory) {
      response = chinese
        ? `考虑到你${memory}，我的建议是先从小处着手。`
        : `Keeping in mind that you ${memory.charAt(0).toLowerCase()}${memory.slice(1)}, here is a suggestion that fits.`;
    } else {
      response = chinese ? "这里有一些通用的建议，供你参考。" : "Here are some general suggestions that work for most people.";
    }
    return { query_id: q.query_id, response };
  });
  return { benchmark_id: instance.benchmarkId, responses };
}

/** Prediction rows of one demo system for every track (rows may be missing by design). */
export function buildDemoPredictions(seed: string, spec: DemoSystemSpec, instances: readonly NormalizedInstance[]): Record<TrackId, unknown[]> {
  const predictions = Object.fromEntries(TRACK_IDS.map((t) => [t, [] as unknown[]])) as Record<TrackId, unknown[]>;
  const allGold = instances.flatMap((i) => (i.track === "task1" ? (i.gold?.memory_items ?? []) : []));
  for (const instance of instances) {
    const rng = new Rng(`${seed}/predictions/${spec.slug}/${instance.track}/${instance.benchmarkId}`);
    if (rng.chance(spec.missingRows)) continue;
    let row: MemoryPredictionRow | Task3PredictionRow | Task4PredictionRow;
    switch (instance.track) {
      case "task1":
        row = task1Row(
          instance,
          spec,
          rng,
          allGold.filter((m) => !instance.gold?.memory_items.includes(m)),
        );
        break;
      case "task2":
        row = task2Row(instance, spec, rng);
        break;
      case "task3/d100":
      case "task3/d300":
      case "task3/d500":
      case "task3/d700":
      case "task3/d1000":
        row = task3Row(instance, spec, rng);
        break;
      default:
        row = task4Row(instance, spec, rng);
    }
    predictions[instance.track].push(row);
  }
  return predictions;
}
