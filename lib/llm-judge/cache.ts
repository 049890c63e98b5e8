import { z } from "zod";
import { JudgeProfile } from "./profile";
import type { ChatMessage } from "./provider";
import { sha256Hex, stableStringify } from "./stable-json";

/**
 * One completed judge call, as stored. Judge calls are data (ARCHITECTURE.md): the raw completion text
 * is the record; `parsedVerdict` is what the parser of the day made of it and is informational only,
 * since judge() re-parses `rawText` on every cache hit. A plain JSON-serialisable object, so any store
 * (memory, PostgreSQL jsonb/columns) can keep it.
 *
 * Only completed calls are stored: a transport failure (timeout, HTTP error, empty or malformed
 * response) is never written, so it is retried next time. A completion whose text does not parse IS
 * stored (with `parseError`): the judge did answer, and a better parser can read it later for free.
 */
export const CachedJudgeCall = z.object({
  /** sha256 of (profile hash, rendered messages): see judgeCacheKey */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  profileHash: z.string().regex(/^[0-9a-f]{64}$/),
  profile: JudgeProfile,
  templateVersion: z.string().min(1),
  /** the caller's name for the question asked (its prompt's `verdictKind`) */
  verdictKind: z.string().min(1),
  rawText: z.string(),
  parsedVerdict: z.unknown().nullable(),
  parseError: z.string().nullable(),
  inputTokens: z.number().int().nonnegative().nullable(),
  outputTokens: z.number().int().nonnegative().nullable(),
  costUsd: z.number().nonnegative().nullable(),
  latencyMs: z.number().nonnegative(),
  attempts: z.number().int().nonnegative(),
  responseModel: z.string().nullable(),
  finishReason: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.iso.datetime({ offset: true }),
});
export type CachedJudgeCall = z.infer<typeof CachedJudgeCall>;

export interface JudgeCache {
  get(key: string): Promise<CachedJudgeCall | null>;
  /** Idempotent: writing the same key twice keeps one entry (first or last write, store's choice). */
  put(entry: CachedJudgeCall): Promise<void>;
}

/**
 * Cache key = sha256 over the profile hash and the exact messages sent. `replayKey` is mixed in only for
 * the replay provider, whose answers belong to recorded items rather than to prompts.
 */
export function judgeCacheKey(profileHash: string, messages: readonly ChatMessage[], replayKey?: string): string {
  return sha256Hex(stableStringify({ profileHash, messages, replayKey: replayKey ?? null }));
}

/** Process-local cache for tests, benchmarks and CLI runs. Entries are validated and copied in and out. */
export class InMemoryJudgeCache implements JudgeCache {
  private readonly entries = new Map<string, CachedJudgeCall>();

  async get(key: string): Promise<CachedJudgeCall | null> {
    const entry = this.entries.get(key);
    return entry ? structuredClone(entry) : null;
  }

  async put(entry: CachedJudgeCall): Promise<void> {
    const checked = CachedJudgeCall.parse(entry);
    this.entries.set(checked.key, structuredClone(checked));
  }

  get size(): number {
    return this.entries.size;
  }
}
