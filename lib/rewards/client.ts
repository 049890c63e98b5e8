import { createLimiter, type Limiter } from "@/lib/llm-judge/limiter";
import type { RewardModelPin } from "./profile";
import { ScoreResponse, type ScoreRequest } from "./protocol";

export type RewardText = { prompt: string; response: string };

export class RewardServiceError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = "RewardServiceError";
  }
}

type RewardClientOptions = {
  /** the service's base URL; requests go to `${baseURL}/score` */
  baseURL: string;
  apiKey?: string;
  /** requests in flight at once (shared by every batch and model) */
  concurrency: number;
  /** per request; a timeout is retried like a 5xx */
  timeoutMs: number;
  /** retries after the first attempt (default 3) */
  maxRetries?: number;
  /** first backoff; doubled each retry (default 250 ms) */
  retryBaseMs?: number;
};

export type RewardClient = {
  /** one request: the texts of one batch scored by one model */
  /**
   * `signal`: abandon the batch before its next attempt (nothing more is sent); `inFlight`: also abort a request
   * already on the wire (a job step whose time is up: the answer would come after the step may hold its job).
   */
  scoreBatch(pin: RewardModelPin, maxLength: number, texts: readonly RewardText[], signal?: AbortSignal, inFlight?: AbortSignal): Promise<number[]>;
  readonly limiter: Limiter;
  /** HTTP requests sent (retries included) */
  readonly requests: number;
};

/** Retryable: the service or a proxy in front of it is overloaded or restarting; anything else is a real answer. */
const retryableStatus = (status: number) => status >= 500 || status === 429;

export function createRewardClient(options: RewardClientOptions): RewardClient {
  const limiter = createLimiter(options.concurrency);
  const url = `${options.baseURL.replace(/\/+$/, "")}/score`;
  const maxRetries = options.maxRetries ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 250;
  let requests = 0;

  /** One attempt: the parsed scores, or a "retry" with why, or a thrown non-retryable error. */
  const attempt = async (body: ScoreRequest, inFlight?: AbortSignal): Promise<number[] | { retry: string }> => {
    requests += 1;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: inFlight ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), inFlight]) : AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // connection refused/reset and timeouts: the service may come back
      return { retry: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    if (retryableStatus(response.status)) {
      await response.body?.cancel();
      return { retry: `HTTP ${response.status}` };
    }
    const text = await response.text().catch((error: unknown) => {
      throw new RewardServiceError(`reading the answer failed: ${String(error)}`, 1);
    });
    if (response.status !== 200) throw new RewardServiceError(`HTTP ${response.status}: ${text.slice(0, 200)}`, 1);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RewardServiceError(`the answer is not JSON: ${text.slice(0, 200)}`, 1);
    }
    const parsed = ScoreResponse.safeParse(json);
    if (!parsed.success) throw new RewardServiceError(`the answer does not match {scores: number[]}: ${parsed.error.issues[0]?.message}`, 1);
    if (parsed.data.scores.length !== body.texts.length) {
      throw new RewardServiceError(`the answer has ${parsed.data.scores.length} scores for ${body.texts.length} texts`, 1);
    }
    return parsed.data.scores;
  };

  return {
    scoreBatch(pin, maxLength, texts, signal, inFlight) {
      const body: ScoreRequest = {
        model: pin.model,
        revision: pin.revision,
        max_length: maxLength,
        texts: texts.map((t) => ({ prompt: t.prompt, response: t.response })),
      };
      // the slot is held through the backoff: a struggling service gets no more than `concurrency` callers
      return limiter.run(async () => {
        // one turn before the first check: a sibling batch that failed for good as this one got its slot has aborted
        // the signal by then, so this batch sends nothing
        await Promise.resolve();
        let last = "";
        let tries = 0;
        for (let i = 0; i <= maxRetries; i += 1) {
          if (i > 0) await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** (i - 1)));
          // a sibling batch failed for good: the caller gives up, so a queued batch sends nothing
          if (signal?.aborted) throw new RewardServiceError(`${pin.model}: abandoned (${String(signal.reason)})`, tries);
          if (inFlight?.aborted) throw new RewardServiceError(`${pin.model}: abandoned (${String(inFlight.reason)})`, tries);
          tries += 1;
          const outcome = await attempt(body, inFlight);
          if (Array.isArray(outcome)) return outcome;
          last = outcome.retry;
        }
        throw new RewardServiceError(`${pin.model}: no answer after ${tries} attempts (last: ${last})`, tries);
      });
    },
    limiter,
    get requests() {
      return requests;
    },
  };
}

/** Splits texts into the profile's batches (the last may be shorter); pure, exported for its test. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
