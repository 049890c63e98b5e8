import { type CachedJudgeCall, type JudgeCache, judgeCacheKey } from "./cache";
import type { JudgeMeter } from "./meter";
import { parseJudgeText, type JudgeParser } from "./parse";
import { costUsd as callCost, type JudgeProfile, judgeProfileHash } from "./profile";
import { type ChatMessage, JudgeCallError, type JudgeCallErrorCode, type JudgeProvider } from "./provider";

/**
 * A prompt ready to send. `templateVersion` must equal the profile's promptTemplateVersion: the pair (profile,
 * rendered messages) is what a cached call is keyed by. `verdictKind` names the question for the stored call.
 */
export type JudgePrompt = { templateVersion: string; verdictKind: string; messages: ChatMessage[] };

type JudgeRequest<V> = {
  profile: JudgeProfile;
  prompt: JudgePrompt;
  /** reads the raw completion into a verdict (a zod schema or a function, see parse.ts) */
  parse: JudgeParser<V>;
  /** replay provider: which recorded item answers (also mixed into the cache key for replay) */
  replayKey?: string;
  signal?: AbortSignal;
};

export type JudgeDeps = {
  provider: JudgeProvider;
  cache?: JudgeCache | null;
  meter?: JudgeMeter;
  now?: () => Date;
  /** the caller's profile hash scheme (profile.ts); it keys the cache, so a caller keeps one for good */
  profileHashScheme?: string;
};

type JudgeCallInfo = Pick<CachedJudgeCall, "inputTokens" | "outputTokens" | "costUsd" | "latencyMs" | "attempts" | "responseModel">;

type OutcomeBase = { key: string; profileHash: string; profile: JudgeProfile };

/**
 * What one judge() call produced. Every judge score downstream carries `profile`/`profileHash`.
 * - parsed: the judge answered and `parse` read the answer as a verdict;
 * - unparsable: the judge answered, the text is kept, but it is not a valid verdict (a recorded failure);
 * - call_failed: no answer (timeout, HTTP error, no recording...). Nothing was cached.
 */
export type JudgeOutcome<V> =
  | (OutcomeBase & { status: "parsed"; verdict: V; rawText: string; fromCache: boolean; call: JudgeCallInfo; cacheWriteError?: string })
  | (OutcomeBase & { status: "unparsable"; reason: string; rawText: string; fromCache: boolean; call: JudgeCallInfo; cacheWriteError?: string })
  | (OutcomeBase & { status: "call_failed"; code: JudgeCallErrorCode; reason: string; attempts: number });

/**
 * Ask the judge, through the cache: a hit costs no call and its stored raw text is re-parsed with the
 * current parser (so a parser change never needs new calls); a miss calls the provider and stores the
 * completed call. Transport failures come back as `call_failed` and are never cached.
 * Throws only on programming errors (template/profile mismatch, provider kind mismatch) and when `parse` throws.
 */
export async function judge<V>(request: JudgeRequest<V>, deps: JudgeDeps): Promise<JudgeOutcome<V>> {
  const { profile, prompt, parse } = request;
  if (prompt.templateVersion !== profile.promptTemplateVersion) {
    throw new Error(`prompt ${prompt.templateVersion} (${prompt.verdictKind}) rendered for profile template ${profile.promptTemplateVersion}`);
  }
  if (deps.provider.kind !== profile.provider) {
    throw new Error(`profile provider "${profile.provider}" sent to a "${deps.provider.kind}" provider`);
  }

  const profileHash = judgeProfileHash(profile, deps.profileHashScheme);
  const key = judgeCacheKey(profileHash, prompt.messages, profile.provider === "replay" ? request.replayKey : undefined);
  const base: OutcomeBase = { key, profileHash, profile };

  const cached = deps.cache ? await deps.cache.get(key) : null;
  if (cached) {
    deps.meter?.recordCacheHit();
    const { inputTokens, outputTokens, costUsd, latencyMs, attempts, responseModel } = cached;
    return fromText(parse, cached.rawText, base, true, { inputTokens, outputTokens, costUsd, latencyMs, attempts, responseModel }, deps.meter);
  }

  let completion;
  try {
    completion = await deps.provider.complete({
      profile,
      messages: prompt.messages,
      replayKey: request.replayKey,
      signal: request.signal,
    });
  } catch (error) {
    if (!(error instanceof JudgeCallError)) throw error;
    deps.meter?.recordFailure(error.code, error.attempts);
    return { ...base, status: "call_failed", code: error.code, reason: error.message, attempts: error.attempts };
  }

  const call: JudgeCallInfo = {
    inputTokens: completion.inputTokens,
    outputTokens: completion.outputTokens,
    costUsd: callCost(profile.pricing, completion.inputTokens, completion.outputTokens),
    latencyMs: completion.latencyMs,
    attempts: completion.attempts,
    responseModel: completion.responseModel,
  };
  deps.meter?.recordCall(call);
  const outcome = fromText(parse, completion.text, base, false, call, deps.meter);

  if (deps.cache) {
    const entry: CachedJudgeCall = {
      key,
      profileHash,
      profile,
      templateVersion: prompt.templateVersion,
      verdictKind: prompt.verdictKind,
      rawText: completion.text,
      parsedVerdict: outcome.status === "parsed" ? toJson(outcome.verdict) : null,
      parseError: outcome.status === "unparsable" ? outcome.reason : null,
      ...call,
      finishReason: completion.finishReason,
      createdAt: (deps.now?.() ?? new Date()).toISOString(),
    };
    try {
      await deps.cache.put(entry);
    } catch (error) {
      // The verdict is real and paid for: return it, and say the cache did not keep it.
      return { ...outcome, cacheWriteError: error instanceof Error ? error.message : String(error) };
    }
  }
  return outcome;
}

function fromText<V>(
  parse: JudgeParser<V>,
  rawText: string,
  base: OutcomeBase,
  fromCache: boolean,
  call: JudgeCallInfo,
  meter: JudgeMeter | undefined,
): JudgeOutcome<V> & { status: "parsed" | "unparsable" } {
  const parsed = parseJudgeText(parse, rawText);
  if (parsed.ok) return { ...base, status: "parsed", verdict: parsed.verdict, rawText, fromCache, call };
  meter?.recordParseFailure();
  return { ...base, status: "unparsable", reason: parsed.reason, rawText, fromCache, call };
}

function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
