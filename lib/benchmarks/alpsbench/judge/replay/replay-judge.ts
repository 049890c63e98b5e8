import { existsSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { textOf, textOrNull } from "@/lib/benchmarks/alpsbench/judge/display-text";
import { judge } from "@/lib/benchmarks/alpsbench/judge/judge";
import { judgeProfileHash, replayJudgeProfile } from "@/lib/benchmarks/alpsbench/judge/profile";
import { renderT12Review, T12_REVIEW_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t12-review";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t3-used-memory";
import { BINARY_ABILITIES, type BinaryAbility, renderT4Binary, T4_BINARY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t4-binary";
import { renderT4Ei, T4_EI_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t4-ei";
import {
  aggregateT3,
  aggregateT4Binary,
  aggregateT4Ei,
  type EiScores,
  judgeT12Instance,
  judgeT3Instance,
  judgeT4BinaryInstance,
  judgeT4EiInstance,
  type ResponseOutcome,
  type T3Judgement,
  type T4BinaryJudgement,
} from "@/lib/benchmarks/alpsbench/judge/scores";
import { buildT12ReviewInput } from "@/lib/benchmarks/alpsbench/judge/t12-input";
import type { VerdictOf } from "@/lib/benchmarks/alpsbench/judge/verdicts";
import type { RenderedPrompt } from "@/lib/benchmarks/alpsbench/judge/prompts/types";
import { InMemoryJudgeCache, type JudgeCache } from "@/lib/llm-judge/cache";
import { extractJsonObject, isJsonObject } from "@/lib/llm-judge/extract-json";
import type { JudgeOutcome } from "@/lib/llm-judge/judge";
import { JudgeMeter, type JudgeUsage } from "@/lib/llm-judge/meter";
import { mean } from "@/lib/metrics/aggregate";
import type { JudgeProfile } from "@/lib/llm-judge/profile";
import type { JudgeProvider } from "@/lib/llm-judge/provider";
import { createReplayProvider } from "@/lib/llm-judge/replay-provider";
import { parsedOf, responseOutcomeOf } from "@/lib/benchmarks/alpsbench/judge/outcome-adapters";
import { scoreMemorySet } from "@/lib/benchmarks/alpsbench/scoring/score-memory-set";
import { unroundedAlgoScore } from "../unrounded-algo-score";

/**
 * Replay the recorded AlpsBench judge outputs (judge-replay/) through our pipeline: our matcher for the
 * algo score, our prompt renderer (for the request and its cache key), the replay provider in place of
 * a model, our verdict parser and our score functions. Each item is compared with the score the
 * authors' pipeline recorded for the same judge output.
 *
 * Layout read: <from>/<task>/sessions/<id>/item.json, and <from>/task4/ability<N>/sessions/<id>/item.json.
 * `from` may also be the task folder itself.
 */

export const REPLAY_TASKS = ["task1", "task2", "task3", "task4"] as const;
export type ReplayTask = (typeof REPLAY_TASKS)[number];
const TASK4_ABILITIES = ["ability1", "ability2", "ability3", "ability4", "ability5"] as const;
type Task4Ability = (typeof TASK4_ABILITIES)[number];

type ReplayStatus = "judged" | "not_judged" | "unparsable";

export type ReplayItemResult = {
  /** the item's folder name */
  id: string;
  task: string;
  ability?: Task4Ability;
  model: string;
  /** EI items: exactly the recorded shape (response_count and the three dimension means); ei_score sits beside it */
  judge_score: number | RecordedEiScores | null;
  final_score: number | RecordedEiScores | null;
  /** EI items: the mean of the three dimensions (the recordings do not carry it) */
  ei_score?: number | null;
  recorded_judge_score: unknown;
  recorded_final_score: unknown;
  /** hash of the judge profile the scores were produced with (see summary.profiles) */
  judge_profile: string;
  /** false when a judge output exists but does not read as a verdict; null when there is none */
  parse_ok: boolean | null;
  status: ReplayStatus;
  judge_match: boolean;
  final_match: boolean;
  /** Task 1/2: our deterministic algo score (unrounded, as blended into the final score) */
  algo_score?: number;
  /** Task 3 */
  used_memory?: boolean | null;
  reason?: string;
};

type RecordedEiScores = Omit<EiScores, "ei_score">;

type ReplaySummary = {
  task: ReplayTask;
  from: string;
  items: number;
  judged: number;
  not_judged: number;
  unparsable: number;
  judge_score_matches: number;
  final_score_matches: number;
  /** ids whose judge or final score differs from the recording */
  mismatches: string[];
  /** per task: mean judge/final score over judged items, plus task-specific aggregates */
  aggregates: Record<string, unknown>;
  /** the replay profiles used, by prompt template: their hashes tag every score above */
  profiles: Record<string, string>;
  usage: JudgeUsage;
};

export type ReplayReport = { items: ReplayItemResult[]; summary: ReplaySummary };

/** Scores match when equal to 1e-9 (the recordings hold 4-decimal or exact values). */
const TOLERANCE = 1e-9;

/** What every item's replay judges with. */
type Deps = { provider: JudgeProvider; cache: JudgeCache; meter: JudgeMeter };

export async function replayJudge(options: { task: ReplayTask; from: string; cache?: JudgeCache; meter?: JudgeMeter }): Promise<ReplayReport> {
  const cache = options.cache ?? new InMemoryJudgeCache();
  const meter = options.meter ?? new JudgeMeter();
  const taskDir = resolveTaskDir(options.from, options.task);
  const items: ReplayItemResult[] = [];
  const profiles: Record<string, string> = {};
  const aggregates: Record<string, unknown> = {};
  const profileOf = (template: string) => {
    const profile = replayJudgeProfile(template);
    profiles[template] = judgeProfileHash(profile);
    return profile;
  };

  if (options.task !== "task4") {
    const task = options.task;
    const profile = profileOf(task === "task3" ? T3_USED_MEMORY_TEMPLATE : T12_REVIEW_TEMPLATE);
    const loaded = await loadItems(taskDir);
    const deps = { provider: createReplayProvider(new Map(loaded.map((entry) => [entry.id, entry.item.judge_output_raw]))), cache, meter };
    if (task === "task3") {
      const judgements: T3Judgement[] = [];
      for (const entry of loaded) {
        const { result, judgement } = await replayT3(entry, profile, deps);
        items.push(result);
        judgements.push(judgement);
      }
      aggregates.judge_recall = aggregateT3(judgements);
    } else {
      for (const entry of loaded) items.push(await replayT12(task, entry, profile, deps));
      aggregates.mean_judge_score = mean(numbers(items.map((i) => i.judge_score)));
      aggregates.mean_final_score = mean(numbers(items.map((i) => i.final_score)));
      aggregates.mean_algo_score = mean(items.flatMap((i) => (i.algo_score === undefined ? [] : [i.algo_score])));
    }
  } else {
    const present = TASK4_ABILITIES.filter((ability) => existsSync(/*turbopackIgnore: true*/ path.join(taskDir, ability, "sessions")));
    if (present.length === 0) throw new Error(`no ability<N>/sessions folders under ${taskDir}`);
    for (const ability of present) {
      // recorded judge outputs from a folder named on the command line: runtime data, never a build input
      const loaded = await loadItems(path.join(/*turbopackIgnore: true*/ taskDir, ability));
      // one recording per response, keyed <item>#<response index> (the binary abilities record one judge output)
      const recordings = new Map<string, unknown>();
      for (const entry of loaded) {
        const rows = entry.item.judge_output_raw;
        if (ability !== "ability5") recordings.set(`${entry.id}#0`, rows);
        else if (Array.isArray(rows)) rows.forEach((row, index) => recordings.set(`${entry.id}#${index}`, row));
      }
      const deps = { provider: createReplayProvider(recordings), cache, meter };
      if (ability === "ability5") {
        const profile = profileOf(T4_EI_TEMPLATE);
        const results: ReplayItemResult[] = [];
        for (const entry of loaded) results.push(await replayEi(entry, profile, deps));
        items.push(...results);
        const byLanguage: Record<string, unknown> = {};
        for (const language of ["english", "chinese"]) {
          const scores = results
            .filter((r) => r.id.startsWith(`${language}_`))
            .flatMap((r) => (isEiScores(r.judge_score) ? [{ ...r.judge_score, ei_score: r.ei_score ?? null }] : []));
          byLanguage[language] = aggregateT4Ei(scores);
        }
        aggregates[ability] = byLanguage;
      } else {
        const profile = profileOf(T4_BINARY_TEMPLATE);
        const judgements: T4BinaryJudgement[] = [];
        for (const entry of loaded) {
          const { result, judgement } = await replayBinary(ability, entry, profile, deps);
          items.push(result);
          judgements.push(judgement);
        }
        aggregates[ability] = { ability: BINARY_ABILITIES[ability], ...aggregateT4Binary(judgements) };
      }
    }
  }

  const mismatches = items.filter((i) => !i.judge_match || !i.final_match).map((i) => (i.ability ? `${i.ability}/${i.id}` : i.id));
  return {
    items,
    summary: {
      task: options.task,
      from: taskDir,
      items: items.length,
      judged: items.filter((i) => i.status === "judged").length,
      not_judged: items.filter((i) => i.status === "not_judged").length,
      unparsable: items.filter((i) => i.status === "unparsable").length,
      judge_score_matches: items.filter((i) => i.judge_match).length,
      final_score_matches: items.filter((i) => i.final_match).length,
      mismatches,
      aggregates,
      profiles,
      usage: meter.snapshot(),
    },
  };
}

// ------------------------------------------------------------------ loading

/** The fields every recorded item has; the task-specific parts are parsed where they are used. */
const RecordedItem = z.looseObject({
  task: z.string(),
  canonical_id: z.string(),
  session_id: z.string(),
  assigned_model: z.string(),
  original: z.unknown(),
  model_output: z.unknown(),
  judge_output_raw: z.unknown(),
  judge_score: z.unknown(),
  final_score: z.unknown(),
});
type RecordedItem = z.infer<typeof RecordedItem>;
type LoadedItem = { id: string; file: string; item: RecordedItem };

function resolveTaskDir(from: string, task: ReplayTask): string {
  if (!existsSync(from) || !statSync(from).isDirectory()) throw new Error(`--from ${from}: not a directory`);
  const nested = path.join(from, task);
  if (existsSync(nested) && statSync(nested).isDirectory()) return nested;
  const looksLikeTask = task === "task4" ? TASK4_ABILITIES.some((ability) => existsSync(path.join(from, ability))) : existsSync(path.join(from, "sessions"));
  if (looksLikeTask) return from;
  throw new Error(`--from ${from}: neither ${task}/ nor a ${task} folder (expected ${task === "task4" ? "ability<N>/" : "sessions/"})`);
}

async function loadItems(dir: string): Promise<LoadedItem[]> {
  const sessions = path.join(dir, "sessions");
  if (!existsSync(/*turbopackIgnore: true*/ sessions)) throw new Error(`${sessions}: missing`);
  const ids = (await readdir(/*turbopackIgnore: true*/ sessions, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const loaded: LoadedItem[] = [];
  for (const id of ids) {
    const file = path.join(sessions, id, "item.json");
    if (!existsSync(/*turbopackIgnore: true*/ file)) continue;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(/*turbopackIgnore: true*/ file, "utf8"));
    } catch (error) {
      throw new Error(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    loaded.push({ id, file, item: parseAs(RecordedItem, json, file) });
  }
  return loaded;
}

/** The value read by `schema`, or an error naming the file and every bad field. */
function parseAs<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** The fields every result has, in the order the report prints them; `score` is the judge and the final score unless `final` is given. */
function resultOf(
  entry: LoadedItem,
  profile: JudgeProfile,
  head: { task: string; ability?: Task4Ability },
  scores: { judge: number | RecordedEiScores | null; final?: number | null; ei?: number | null },
  outcome: { parseOk: boolean | null; status: ReplayStatus },
): ReplayItemResult {
  const final = scores.final === undefined ? scores.judge : scores.final;
  return {
    id: entry.id,
    ...head,
    model: entry.item.assigned_model,
    judge_profile: judgeProfileHash(profile),
    judge_score: scores.judge,
    final_score: final,
    ...(scores.ei === undefined ? {} : { ei_score: scores.ei }),
    recorded_judge_score: entry.item.judge_score,
    recorded_final_score: entry.item.final_score,
    parse_ok: outcome.parseOk,
    status: outcome.status,
    judge_match: sameScore(scores.judge, entry.item.judge_score),
    final_match: sameScore(final, entry.item.final_score),
  };
}

// ------------------------------------------------------------------ Task 1 / Task 2

const T1Item = z
  .looseObject({
    original: z.looseObject({ probe: z.looseObject({ ground_truth_memories: z.array(z.unknown()) }) }),
    model_output: z.looseObject({ memory_items: z.array(z.unknown()) }),
  })
  .transform((item) => ({ gold: item.original.probe.ground_truth_memories, pred: item.model_output.memory_items }));
const T2Item = z
  .looseObject({
    original: z.looseObject({ answer: z.array(z.unknown()) }),
    model_output: z.looseObject({ memory_items: z.array(z.unknown()) }),
  })
  .transform((item) => ({ gold: item.original.answer, pred: item.model_output.memory_items }));

async function replayT12(task: "task1" | "task2", entry: LoadedItem, profile: JudgeProfile, deps: Deps): Promise<ReplayItemResult> {
  const { gold, pred } = parseAs(task === "task1" ? T1Item : T2Item, entry.item, entry.file);
  const match = scoreMemorySet(gold, pred);
  const algo = unroundedAlgoScore(match);
  const review = buildT12ReviewInput(task, gold, pred, match);
  const outcome = await judge({ profile, prompt: renderT12Review(review.input), replayKey: entry.id }, deps);
  const judgement = judgeT12Instance(algo, parsedOf(outcome));
  return {
    ...resultOf(entry, profile, { task }, { judge: judgement.judgeScore, final: judgement.finalScore }, { parseOk: parseOkOf(outcome), status: judgement.status }),
    algo_score: algo,
    ...(judgement.status === "judged" ? {} : { reason: judgement.reason }),
  };
}

// ------------------------------------------------------------------ Task 3

const T3Item = z.looseObject({
  original: z.looseObject({
    query: z.string(),
    selected_memory: z.looseObject({ value: z.unknown(), label: z.unknown().optional() }),
  }),
  model_output: z.looseObject({
    raw_output: z.unknown().optional(),
    parsed_response: z.unknown().optional(),
  }),
});

async function replayT3(entry: LoadedItem, profile: JudgeProfile, deps: Deps): Promise<{ result: ReplayItemResult; judgement: T3Judgement }> {
  const { original, model_output } = parseAs(T3Item, entry.item, entry.file);
  const { answer, reason } = readT3Answer(model_output.raw_output, model_output.parsed_response);
  const prompt = renderT3UsedMemory({
    query: original.query,
    target_memory: { value: textOf(original.selected_memory.value), label: textOrNull(original.selected_memory.label) },
    answer,
    reason,
  });
  const outcome = await judge({ profile, prompt, replayKey: entry.id }, deps);
  const judgement = judgeT3Instance(parsedOf(outcome));
  return {
    judgement,
    result: {
      ...resultOf(entry, profile, { task: "task3" }, { judge: judgement.score }, { parseOk: parseOkOf(outcome), status: judgement.status }),
      used_memory: judgement.usedMemory,
      ...(judgement.status === "judged" ? {} : { reason: judgement.reason }),
    },
  };
}

/** Leniently read the system's answer and reason (a JSON answer wrapped in fences still counts). */
function readT3Answer(raw: unknown, parsedResponse: unknown): { answer: string | null; reason: string | null } {
  if (typeof raw === "string") {
    const extracted = extractJsonObject(raw, (value) => "answer" in value || "reason" in value);
    if (extracted.ok && ("answer" in extracted.value || "reason" in extracted.value)) {
      return { answer: textOrNull(extracted.value.answer), reason: textOrNull(extracted.value.reason) };
    }
  }
  if (isJsonObject(parsedResponse)) {
    return { answer: textOrNull(parsedResponse.answer), reason: textOrNull(parsedResponse.reason) };
  }
  return { answer: typeof raw === "string" ? raw : null, reason: null };
}

// ------------------------------------------------------------------ Task 4

const T4Item = z.looseObject({
  original: z.looseObject({
    memory_key: z.string().nullish(),
    extracted_memory: z.array(z.looseObject({ memory_id: z.unknown().optional(), value: z.unknown().optional() })).default([]),
    queries: z.array(z.looseObject({ query_id: z.string(), query: z.string() })),
  }),
  model_output: z.looseObject({
    responses: z.array(z.looseObject({ query_id: z.string(), response: z.unknown() })),
  }),
});
type T4Item = z.infer<typeof T4Item>;

/**
 * Judges each response of a Task 4 item (replay key `<item>#<index>`). parseOk: false if any judged text failed to
 * parse, true if some parsed, null if none was judged.
 */
async function judgeResponses<K extends "t4_binary" | "t4_ei">(
  entry: LoadedItem,
  profile: JudgeProfile,
  deps: Deps,
  render: (item: T4Item, query: string, response: string) => RenderedPrompt<K>,
): Promise<{ outcomes: ResponseOutcome<VerdictOf<K>>[]; parseOk: boolean | null }> {
  const item = parseAs(T4Item, entry.item, entry.file);
  const outcomes: ResponseOutcome<VerdictOf<K>>[] = [];
  let parseOk: boolean | null = null;
  for (const [index, response] of item.model_output.responses.entries()) {
    const query = item.original.queries.find((q) => q.query_id === response.query_id)?.query ?? "";
    const outcome = await judge({ profile, prompt: render(item, query, textOf(response.response)), replayKey: `${entry.id}#${index}` }, deps);
    outcomes.push(responseOutcomeOf(outcome));
    const next = parseOkOf(outcome);
    parseOk = parseOk === false || next === false ? false : parseOk === true || next === true ? true : null;
  }
  return { outcomes, parseOk };
}

async function replayBinary(
  ability: BinaryAbility,
  entry: LoadedItem,
  profile: JudgeProfile,
  deps: Deps,
): Promise<{ result: ReplayItemResult; judgement: T4BinaryJudgement }> {
  const { outcomes, parseOk } = await judgeResponses(entry, profile, deps, (item, query, response) => {
    const memory = item.original.extracted_memory.find((m) => m.memory_id === item.original.memory_key);
    return renderT4Binary({ ability, query, memory: textOf(memory?.value), response });
  });
  const judgement = judgeT4BinaryInstance(outcomes);
  const status = statusOf(judgement.score !== null, parseOk);
  return {
    judgement,
    result: { ...resultOf(entry, profile, { task: "task4", ability }, { judge: judgement.score }, { parseOk, status }), ...failureReason(judgement.failures) },
  };
}

async function replayEi(entry: LoadedItem, profile: JudgeProfile, deps: Deps): Promise<ReplayItemResult> {
  const { outcomes, parseOk } = await judgeResponses(entry, profile, deps, (item, query, response) => {
    const memories = item.original.extracted_memory.map((m) => textOf(m.value)).filter((value) => value !== "");
    return renderT4Ei({ query, memories, response });
  });
  const judgement = judgeT4EiInstance(outcomes);
  const { response_count, avg_resonation, avg_expression, avg_reception } = judgement;
  const judged = judgement.judgedCount > 0 ? { response_count, avg_resonation, avg_expression, avg_reception } : null;
  const status = statusOf(judged !== null, parseOk);
  return {
    ...resultOf(entry, profile, { task: "task4", ability: "ability5" }, { judge: judged, ei: judged ? judgement.ei_score : null }, { parseOk, status }),
    ...failureReason(judgement.failures),
  };
}

// ------------------------------------------------------------------ helpers

function parseOkOf(outcome: JudgeOutcome<unknown>): boolean | null {
  return outcome.status === "call_failed" ? null : outcome.status === "parsed";
}

function statusOf(judged: boolean, parseOk: boolean | null): ReplayStatus {
  return judged ? "judged" : parseOk === false ? "unparsable" : "not_judged";
}

function failureReason(failures: readonly { index: number; reason: string }[]): { reason?: string } {
  return failures.length ? { reason: failures.map((f) => `#${f.index}: ${f.reason}`).join("; ") } : {};
}

function sameNumber(ours: number | null, recorded: unknown): boolean {
  if (ours === null || recorded === null || recorded === undefined) return ours === null && (recorded === null || recorded === undefined);
  return typeof recorded === "number" && Math.abs(ours - recorded) <= TOLERANCE;
}

const RecordedEi = z.looseObject({
  response_count: z.number(),
  avg_resonation: z.number().nullable(),
  avg_expression: z.number().nullable(),
  avg_reception: z.number().nullable(),
});

/** A number to TOLERANCE; EI scores field by field (no score matches only a missing or null recording). */
function sameScore(ours: number | RecordedEiScores | null, recorded: unknown): boolean {
  if (ours === null || typeof ours === "number") return sameNumber(ours, recorded);
  const parsed = RecordedEi.safeParse(recorded);
  return (
    parsed.success &&
    ours.response_count === parsed.data.response_count &&
    sameNumber(ours.avg_resonation, parsed.data.avg_resonation) &&
    sameNumber(ours.avg_expression, parsed.data.avg_expression) &&
    sameNumber(ours.avg_reception, parsed.data.avg_reception)
  );
}

function isEiScores(value: unknown): value is RecordedEiScores {
  return isJsonObject(value) && "avg_resonation" in value;
}

function numbers(values: readonly unknown[]): number[] {
  return values.flatMap((value) => (typeof value === "number" ? [value] : []));
}
