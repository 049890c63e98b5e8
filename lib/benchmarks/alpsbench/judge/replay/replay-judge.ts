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
  mean,
  type ResponseOutcome,
  type T3Judgement,
  type T4BinaryJudgement,
} from "@/lib/benchmarks/alpsbench/judge/scores";
import { buildT12ReviewInput } from "@/lib/benchmarks/alpsbench/judge/t12-input";
import type { T4BinaryVerdict, T4EiVerdict } from "@/lib/benchmarks/alpsbench/judge/verdicts";
import { InMemoryJudgeCache, type JudgeCache } from "@/lib/llm-judge/cache";
import { extractJsonObject, isJsonObject } from "@/lib/llm-judge/extract-json";
import type { JudgeOutcome } from "@/lib/llm-judge/judge";
import { JudgeMeter, type JudgeUsage } from "@/lib/llm-judge/meter";
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

type ReplayOptions = {
  task: ReplayTask;
  from: string;
  cache?: JudgeCache;
  meter?: JudgeMeter;
};

/** Scores match when equal to 1e-9 (the recordings hold 4-decimal or exact values). */
const TOLERANCE = 1e-9;

export async function replayJudge(options: ReplayOptions): Promise<ReplayReport> {
  const cache = options.cache ?? new InMemoryJudgeCache();
  const meter = options.meter ?? new JudgeMeter();
  const taskDir = resolveTaskDir(options.from, options.task);
  const items: ReplayItemResult[] = [];
  const profiles: Record<string, string> = {};
  const aggregates: Record<string, unknown> = {};

  if (options.task === "task1" || options.task === "task2") {
    const profile = replayJudgeProfile(T12_REVIEW_TEMPLATE);
    profiles[T12_REVIEW_TEMPLATE] = judgeProfileHash(profile);
    const loaded = await loadItems(taskDir);
    const provider = createReplayProvider(new Map(loaded.map((entry) => [entry.id, entry.item.judge_output_raw])));
    for (const entry of loaded) items.push(await replayT12(options.task, entry, profile, provider, cache, meter));
    aggregates.mean_judge_score = mean(numbers(items.map((i) => i.judge_score)));
    aggregates.mean_final_score = mean(numbers(items.map((i) => i.final_score)));
    aggregates.mean_algo_score = mean(items.flatMap((i) => (i.algo_score === undefined ? [] : [i.algo_score])));
  } else if (options.task === "task3") {
    const profile = replayJudgeProfile(T3_USED_MEMORY_TEMPLATE);
    profiles[T3_USED_MEMORY_TEMPLATE] = judgeProfileHash(profile);
    const loaded = await loadItems(taskDir);
    const provider = createReplayProvider(new Map(loaded.map((entry) => [entry.id, entry.item.judge_output_raw])));
    const judgements: T3Judgement[] = [];
    for (const entry of loaded) {
      const { result, judgement } = await replayT3(entry, profile, provider, cache, meter);
      items.push(result);
      judgements.push(judgement);
    }
    aggregates.judge_recall = aggregateT3(judgements);
  } else {
    const binaryProfile = replayJudgeProfile(T4_BINARY_TEMPLATE);
    const eiProfile = replayJudgeProfile(T4_EI_TEMPLATE);
    const present = TASK4_ABILITIES.filter((ability) => existsSync(/*turbopackIgnore: true*/ path.join(taskDir, ability, "sessions")));
    if (present.length === 0) throw new Error(`no ability<N>/sessions folders under ${taskDir}`);
    for (const ability of present) {
      // recorded judge outputs from a folder named on the command line: runtime data, never a build input
      const loaded = await loadItems(path.join(/*turbopackIgnore: true*/ taskDir, ability));
      if (ability === "ability5") {
        profiles[T4_EI_TEMPLATE] = judgeProfileHash(eiProfile);
        const recordings = new Map<string, unknown>();
        for (const entry of loaded) {
          const rows = entry.item.judge_output_raw;
          if (Array.isArray(rows)) rows.forEach((row, index) => recordings.set(`${entry.id}#${index}`, row));
        }
        const provider = createReplayProvider(recordings);
        const results: ReplayItemResult[] = [];
        for (const entry of loaded) results.push(await replayEi(entry, eiProfile, provider, cache, meter));
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
        profiles[T4_BINARY_TEMPLATE] = judgeProfileHash(binaryProfile);
        const recordings = new Map<string, unknown>();
        for (const entry of loaded) recordings.set(`${entry.id}#0`, entry.item.judge_output_raw);
        const provider = createReplayProvider(recordings);
        const judgements: T4BinaryJudgement[] = [];
        for (const entry of loaded) {
          const { result, judgement } = await replayBinary(ability, entry, binaryProfile, provider, cache, meter);
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
    const parsed = RecordedItem.safeParse(json);
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    loaded.push({ id, file, item: parsed.data });
  }
  return loaded;
}

function fieldError(file: string, error: z.ZodError): Error {
  return new Error(`${file}: ${error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}

// ------------------------------------------------------------------ Task 1 / Task 2

const T1Item = z.looseObject({
  original: z.looseObject({ probe: z.looseObject({ ground_truth_memories: z.array(z.unknown()) }) }),
  model_output: z.looseObject({ memory_items: z.array(z.unknown()) }),
});
const T2Item = z.looseObject({
  original: z.looseObject({ answer: z.array(z.unknown()) }),
  model_output: z.looseObject({ memory_items: z.array(z.unknown()) }),
});

async function replayT12(
  task: "task1" | "task2",
  entry: LoadedItem,
  profile: JudgeProfile,
  provider: JudgeProvider,
  cache: JudgeCache,
  meter: JudgeMeter,
): Promise<ReplayItemResult> {
  let gold: unknown[];
  let pred: unknown[];
  if (task === "task1") {
    const parsed = T1Item.safeParse(entry.item);
    if (!parsed.success) throw fieldError(entry.file, parsed.error);
    gold = parsed.data.original.probe.ground_truth_memories;
    pred = parsed.data.model_output.memory_items;
  } else {
    const parsed = T2Item.safeParse(entry.item);
    if (!parsed.success) throw fieldError(entry.file, parsed.error);
    gold = parsed.data.original.answer;
    pred = parsed.data.model_output.memory_items;
  }

  const match = scoreMemorySet(gold, pred);
  const algo = unroundedAlgoScore(match);
  const review = buildT12ReviewInput(task, gold, pred, match);
  const outcome = await judge({ profile, prompt: renderT12Review(review.input), replayKey: entry.id }, { provider, cache, meter });
  const judgement = judgeT12Instance(algo, parsedOf(outcome));

  return {
    id: entry.id,
    task,
    model: entry.item.assigned_model,
    judge_profile: judgeProfileHash(profile),
    judge_score: judgement.judgeScore,
    final_score: judgement.finalScore,
    recorded_judge_score: entry.item.judge_score,
    recorded_final_score: entry.item.final_score,
    parse_ok: parseOkOf(outcome),
    status: judgement.status,
    judge_match: sameNumber(judgement.judgeScore, entry.item.judge_score),
    final_match: sameNumber(judgement.finalScore, entry.item.final_score),
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

async function replayT3(
  entry: LoadedItem,
  profile: JudgeProfile,
  provider: JudgeProvider,
  cache: JudgeCache,
  meter: JudgeMeter,
): Promise<{ result: ReplayItemResult; judgement: T3Judgement }> {
  const parsed = T3Item.safeParse(entry.item);
  if (!parsed.success) throw fieldError(entry.file, parsed.error);
  const { original, model_output } = parsed.data;
  const { answer, reason } = readT3Answer(model_output.raw_output, model_output.parsed_response);
  const prompt = renderT3UsedMemory({
    query: original.query,
    target_memory: { value: textOf(original.selected_memory.value), label: textOrNull(original.selected_memory.label) },
    answer,
    reason,
  });
  const outcome = await judge({ profile, prompt, replayKey: entry.id }, { provider, cache, meter });
  const judgement = judgeT3Instance(parsedOf(outcome));
  return {
    judgement,
    result: {
      id: entry.id,
      task: "task3",
      model: entry.item.assigned_model,
      judge_profile: judgeProfileHash(profile),
      judge_score: judgement.score,
      final_score: judgement.score,
      recorded_judge_score: entry.item.judge_score,
      recorded_final_score: entry.item.final_score,
      parse_ok: parseOkOf(outcome),
      status: judgement.status,
      judge_match: sameNumber(judgement.score, entry.item.judge_score),
      final_match: sameNumber(judgement.score, entry.item.final_score),
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

function queryFor(item: T4Item, queryId: string): string {
  return item.original.queries.find((q) => q.query_id === queryId)?.query ?? "";
}

async function replayBinary(
  ability: BinaryAbility,
  entry: LoadedItem,
  profile: JudgeProfile,
  provider: JudgeProvider,
  cache: JudgeCache,
  meter: JudgeMeter,
): Promise<{ result: ReplayItemResult; judgement: T4BinaryJudgement }> {
  const parsed = T4Item.safeParse(entry.item);
  if (!parsed.success) throw fieldError(entry.file, parsed.error);
  const item = parsed.data;
  const memory = item.original.extracted_memory.find((m) => m.memory_id === item.original.memory_key);
  const outcomes: ResponseOutcome<T4BinaryVerdict>[] = [];
  let parseOk: boolean | null = null;
  for (const [index, response] of item.model_output.responses.entries()) {
    const prompt = renderT4Binary({
      ability,
      query: queryFor(item, response.query_id),
      memory: textOf(memory?.value),
      response: textOf(response.response),
    });
    const outcome = await judge({ profile, prompt, replayKey: `${entry.id}#${index}` }, { provider, cache, meter });
    outcomes.push(responseOutcomeOf(outcome));
    parseOk = mergeParseOk(parseOk, parseOkOf(outcome));
  }
  const judgement = judgeT4BinaryInstance(outcomes);
  const status: ReplayStatus = judgement.score !== null ? "judged" : parseOk === false ? "unparsable" : "not_judged";
  return {
    judgement,
    result: {
      id: entry.id,
      task: "task4",
      ability,
      model: entry.item.assigned_model,
      judge_profile: judgeProfileHash(profile),
      judge_score: judgement.score,
      final_score: judgement.score,
      recorded_judge_score: entry.item.judge_score,
      recorded_final_score: entry.item.final_score,
      parse_ok: parseOk,
      status,
      judge_match: sameNumber(judgement.score, entry.item.judge_score),
      final_match: sameNumber(judgement.score, entry.item.final_score),
      ...(judgement.failures.length ? { reason: judgement.failures.map((f) => `#${f.index}: ${f.reason}`).join("; ") } : {}),
    },
  };
}

async function replayEi(entry: LoadedItem, profile: JudgeProfile, provider: JudgeProvider, cache: JudgeCache, meter: JudgeMeter): Promise<ReplayItemResult> {
  const parsed = T4Item.safeParse(entry.item);
  if (!parsed.success) throw fieldError(entry.file, parsed.error);
  const item = parsed.data;
  const memories = item.original.extracted_memory.map((m) => textOf(m.value)).filter((value) => value !== "");
  const outcomes: ResponseOutcome<T4EiVerdict>[] = [];
  let parseOk: boolean | null = null;
  for (const [index, response] of item.model_output.responses.entries()) {
    const prompt = renderT4Ei({ query: queryFor(item, response.query_id), memories, response: textOf(response.response) });
    const outcome = await judge({ profile, prompt, replayKey: `${entry.id}#${index}` }, { provider, cache, meter });
    outcomes.push(responseOutcomeOf(outcome));
    parseOk = mergeParseOk(parseOk, parseOkOf(outcome));
  }
  const judgement = judgeT4EiInstance(outcomes);
  const scores: RecordedEiScores = {
    response_count: judgement.response_count,
    avg_resonation: judgement.avg_resonation,
    avg_expression: judgement.avg_expression,
    avg_reception: judgement.avg_reception,
  };
  const judged = judgement.judgedCount > 0 ? scores : null;
  const status: ReplayStatus = judged ? "judged" : parseOk === false ? "unparsable" : "not_judged";
  return {
    id: entry.id,
    task: "task4",
    ability: "ability5",
    model: entry.item.assigned_model,
    judge_profile: judgeProfileHash(profile),
    judge_score: judged,
    final_score: judged,
    ei_score: judged ? judgement.ei_score : null,
    recorded_judge_score: entry.item.judge_score,
    recorded_final_score: entry.item.final_score,
    parse_ok: parseOk,
    status,
    judge_match: sameEi(judged, entry.item.judge_score),
    final_match: sameEi(judged, entry.item.final_score),
    ...(judgement.failures.length ? { reason: judgement.failures.map((f) => `#${f.index}: ${f.reason}`).join("; ") } : {}),
  };
}

// ------------------------------------------------------------------ helpers

function parseOkOf(outcome: JudgeOutcome<unknown>): boolean | null {
  return outcome.status === "call_failed" ? null : outcome.status === "parsed";
}

/** Several responses: false if any judged text failed to parse, true if some parsed, null if none judged. */
function mergeParseOk(previous: boolean | null, next: boolean | null): boolean | null {
  if (previous === false || next === false) return false;
  if (previous === true || next === true) return true;
  return null;
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

function sameEi(ours: RecordedEiScores | null, recorded: unknown): boolean {
  const parsed = RecordedEi.safeParse(recorded);
  if (!parsed.success) return ours === null && (recorded === null || recorded === undefined);
  if (ours === null) return false;
  return (
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
