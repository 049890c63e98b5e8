import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { createBm25Selector } from "@/lib/benchmarks/alpsbench/scoring/bm25-select";
import { authorsBm25Terms } from "@/lib/benchmarks/alpsbench/scoring/nltk-tokens";
import { officialTrackName, taskOf, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * A starter run: simple baselines for every AlpsBench track, written in the official prediction contract
 * (SCORING.md) and layout (`<split>/<track>/predictions.jsonl`), from each instance's public input only, never
 * gold. A newcomer uploads it as is (web form: zip the folder; CLI: `submit --dir`) and sees the whole loop: the
 * upload, the queue, the scores, the run page and the boards. The baselines are honest floors, not models:
 *  - task1: the user's own first-person sentences, each as one memory (`I'm …`, `my …`);
 *  - task2: the memory pool before the update, unchanged (the "nothing changed" baseline);
 *  - task3: the candidate BM25 ranks first for the query (the server's own Task 3 baseline);
 *  - task4: an answer that names the remembered fact closest (BM25) to the query.
 * Every row passes the upload validator (checked here, so a schema change breaks loudly). Pure.
 */

const FIRST_PERSON = /\b(i|i'm|i am|i've|my|me|mine)\b/i;
const MAX_MEMORIES = 5;
const MAX_VALUE = 200;

type Turn = { role: string; text: string };

/** Dialogue turns wherever the input holds them: arrays of {role, text|content}, at any depth. */
function turnsOf(value: unknown, out: Turn[] = [], depth = 0): Turn[] {
  if (depth > 4 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === "object" && !Array.isArray(item) && "role" in item) {
        const record = item as Record<string, unknown>;
        const text = typeof record.text === "string" ? record.text : typeof record.content === "string" ? record.content : null;
        if (typeof record.role === "string" && text !== null) out.push({ role: record.role, text });
      } else turnsOf(item, out, depth + 1);
    }
    return out;
  }
  for (const child of Object.values(value)) turnsOf(child, out, depth + 1);
  return out;
}

const clip = (text: string) => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

function firstPersonMemories(input: unknown): Record<string, unknown>[] {
  const sentences = turnsOf(record(input).dialogue ?? input)
    .filter((turn) => turn.role === "user")
    .flatMap((turn) => turn.text.split(/(?<=[.!?;])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "" && !sentence.endsWith("?") && FIRST_PERSON.test(sentence));
  return [...new Set(sentences)].slice(0, MAX_MEMORIES).map((sentence, i) => ({
    memory_id: `m${i + 1}`,
    type: "direct",
    label: "UNMAPPED",
    value: clip(sentence),
    confidence: 0.5,
  }));
}

/**
 * BM25 with its token cache kept across rows: one run scores 2,270 Task 3 pools (up to 1,001 candidates each) drawn
 * from a few thousand memories, and tokenizing every candidate again for every pool was most of
 * `export-predictions --starter`'s time (lib/benchmarks/alpsbench/bench/starter-export.ts).
 */
type StarterSelector = ReturnType<typeof createBm25Selector>;
export const createStarterSelector = (): StarterSelector => createBm25Selector();

/** The remembered fact a Task 4 answer should respect: the input's selected memory, else the user turn closest to the query. */
function factFor(input: unknown, query: string, bm25Select: StarterSelector): string {
  const selected = record(record(input).selected_memory).value;
  if (typeof selected === "string" && selected.trim() !== "") return selected;
  const userTurns = turnsOf(record(input).dialogue_history ?? input).filter((t) => t.role === "user" && authorsBm25Terms(t.text).length > 0);
  if (userTurns.length === 0) return "nothing specific about you";
  const pick = bm25Select(
    query,
    userTurns.map((t, i) => ({ memory_id: String(i), value: t.text })),
  );
  return clip(userTurns[Number(pick.selectedMemoryId ?? 0)]?.text ?? userTurns[0]!.text);
}

export function starterRow(track: TrackId, benchmarkId: string, input: unknown, bm25Select: StarterSelector = createStarterSelector()): Record<string, unknown> {
  const task = taskOf(track);
  const fields = record(input);
  let row: Record<string, unknown>;
  if (task === "task1") {
    row = { benchmark_id: benchmarkId, memory_items: firstPersonMemories(input) };
  } else if (task === "task2") {
    row = { benchmark_id: benchmarkId, memory_items: Array.isArray(fields.memory) ? fields.memory : [] };
  } else if (task === "task3") {
    const candidates = (Array.isArray(fields.candidate_memories) ? fields.candidate_memories : [])
      .map((c) => record(c))
      .filter((c) => c.memory_id !== undefined)
      .map((c) => ({ memory_id: String(c.memory_id), value: c.value }));
    const pick = bm25Select(fields.query, candidates);
    const chosen = candidates.find((c) => c.memory_id === pick.selectedMemoryId) ?? candidates[0];
    row = {
      benchmark_id: benchmarkId,
      answer: typeof chosen?.value === "string" ? chosen.value : "",
      reason: "BM25 starter baseline: the candidate sharing the most query words",
      selected_memory_id: chosen?.memory_id ?? "",
    };
  } else {
    const queries = Array.isArray(fields.queries) ? fields.queries.map((q) => record(q)) : [];
    const query = typeof queries[0]?.query === "string" ? queries[0].query : "";
    const fact = factFor(input, query, bm25Select);
    row = {
      benchmark_id: benchmarkId,
      answer: `Keeping in mind what you told me (${fact}), here is my answer: I would start from that, and adapt it to what you ask.`,
      used_memory_fact: fact,
    };
  }
  const checked = validatePredictionRow(track, row);
  if (!checked.ok) throw new Error(`starter row for ${track} ${benchmarkId} does not validate: ${JSON.stringify(checked.problems)}`);
  return row;
}

/** Where a track's file sits in the official layout: `dev/task3/d300/predictions.jsonl` (no split folder for a full run). */
export function starterPath(track: TrackId, split: Split | "full"): string {
  const folder = track.startsWith("task3/") ? track : officialTrackName(track);
  return `${split === "full" ? "" : `${split}/`}${folder}/predictions.jsonl`;
}
