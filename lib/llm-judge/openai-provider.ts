import { AsyncLocalStorage } from "node:async_hooks";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { z } from "zod";
import { createLimiter, type Limiter } from "./limiter";
import { JudgeCallError, type JudgeCallRequest, type JudgeCompletion, type JudgeProvider } from "./provider";

/**
 * Live judge: any OpenAI-compatible chat-completions endpoint, through the `openai` package.
 *
 * Retries are the library's own (`maxRetries`): it retries 408/409/429/5xx, connection errors and
 * timeouts with exponential back-off (0.5 s doubling to 8 s) and up to 25 % jitter, and obeys
 * `retry-after-ms` / `retry-after`. We wrap the library's fetch for three things it does not do:
 *   - its `timeout` stops at the response headers; a server that sends headers and then stalls the body
 *     would hang forever, so our per-attempt deadline covers headers and body (the body is buffered:
 *     judge answers are small and never streamed);
 *   - it obeys any Retry-After, even an hour; we clamp it (`maxRetryAfterMs`) so one reply cannot park a
 *     concurrency slot indefinitely;
 *   - it does not report how many attempts a call took; we count them per call for accounting.
 * A timed-out attempt throws an error the library classifies as a timeout, so it is retried like one.
 */
export type OpenAICompatibleOptions = {
  /** must equal the profile's baseURL (one provider per endpoint) */
  baseURL: string;
  /** omit for keyless local servers */
  apiKey?: string;
  /** per attempt, headers and body; default 60 s */
  timeoutMs?: number;
  /** retries after the first attempt; default 4 */
  maxRetries?: number;
  /** calls in flight at once; default 8 */
  concurrency?: number;
  /** cap on a server-requested Retry-After; default 30 s */
  maxRetryAfterMs?: number;
};

export type OpenAICompatibleProvider = JudgeProvider & {
  readonly limiter: Limiter;
};

const attemptCounter = new AsyncLocalStorage<{ attempts: number }>();

const CompletionBody = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z.looseObject({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).nullish(),
});

export function createOpenAICompatibleProvider(options: OpenAICompatibleOptions): OpenAICompatibleProvider {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 4;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const baseURL = normaliseBaseURL(options.baseURL);
  const limiter = createLimiter(options.concurrency ?? 8);
  const client = new OpenAI({
    baseURL,
    apiKey: options.apiKey ?? "no-key",
    maxRetries,
    // Our fetch wrapper enforces the deadline (headers + body); the library's timer is only a backstop.
    timeout: timeoutMs + 1_000,
    fetch: deadlineFetch(globalThis.fetch, timeoutMs, maxRetryAfterMs),
  });

  return {
    kind: "openai-compatible",
    limiter,
    async complete(request: JudgeCallRequest): Promise<JudgeCompletion> {
      const { profile } = request;
      if (profile.provider !== "openai-compatible" || normaliseBaseURL(profile.baseURL ?? "") !== baseURL) {
        throw new JudgeCallError("config", `profile ${profile.provider} @ ${profile.baseURL ?? "(none)"} does not belong to this provider (${baseURL})`);
      }
      return limiter.run(async () => {
        const counter = { attempts: 0 };
        const started = performance.now();
        let body: unknown;
        try {
          body = await attemptCounter.run(counter, () =>
            client.chat.completions.create(
              {
                model: profile.model,
                messages: request.messages,
                temperature: profile.temperature,
                max_tokens: profile.maxTokens,
              },
              { signal: request.signal },
            ),
          );
        } catch (error) {
          throw toJudgeCallError(error, counter.attempts);
        }
        const latencyMs = performance.now() - started;
        const parsed = CompletionBody.safeParse(body);
        if (!parsed.success) {
          throw new JudgeCallError("malformed_response", "response is not a chat completion", { attempts: counter.attempts });
        }
        const choice = parsed.data.choices[0];
        const text = choice?.message.content ?? "";
        const finishReason = choice?.finish_reason ?? null;
        if (text.trim() === "") {
          throw new JudgeCallError("empty_completion", `empty completion (finish_reason ${finishReason ?? "none"})`, {
            attempts: counter.attempts,
          });
        }
        return {
          text,
          inputTokens: parsed.data.usage?.prompt_tokens ?? null,
          outputTokens: parsed.data.usage?.completion_tokens ?? null,
          latencyMs,
          attempts: counter.attempts,
          responseModel: parsed.data.model ?? null,
          finishReason,
        };
      });
    },
  };
}

function normaliseBaseURL(url: string): string {
  return url.replace(/\/+$/, "");
}

function toJudgeCallError(error: unknown, attempts: number): JudgeCallError {
  if (error instanceof JudgeCallError) return error;
  if (error instanceof APIUserAbortError) return new JudgeCallError("aborted", "judge call aborted", { attempts, cause: error });
  if (error instanceof APIConnectionTimeoutError) {
    return new JudgeCallError("timeout", `judge call timed out (${attempts} attempt(s))`, { attempts, cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new JudgeCallError("connection_error", `cannot reach judge: ${error.message}`, { attempts, cause: error });
  }
  if (error instanceof APIError) {
    const status = typeof error.status === "number" ? error.status : null;
    const code = status === 429 ? "rate_limited" : "http_error";
    return new JudgeCallError(code, `judge HTTP ${status ?? "?"}: ${error.message}`, { attempts, cause: error });
  }
  // e.g. a 200 with a JSON content type and an unparsable body
  const message = error instanceof Error ? error.message : String(error);
  return new JudgeCallError("malformed_response", `unreadable judge response: ${message}`, { attempts, cause: error });
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

function deadlineFetch(base: typeof fetch, timeoutMs: number, maxRetryAfterMs: number): typeof fetch {
  return async (input, init) => {
    const counter = attemptCounter.getStore();
    if (counter) counter.attempts += 1;
    const controller = new AbortController();
    const outer = init?.signal ?? null;
    const forwardAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener("abort", forwardAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await base(input, { ...init, signal: controller.signal });
      const body = NULL_BODY_STATUS.has(response.status) ? null : await response.arrayBuffer();
      const headers = new Headers(response.headers);
      headers.delete("content-encoding"); // the body is already decoded
      headers.delete("content-length");
      clampRetryAfter(headers, maxRetryAfterMs);
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } catch (error) {
      // The wording matters: the library treats errors matching /timed? ?out/ as timeouts (retryable).
      if (timedOut) throw new Error(`judge request timed out after ${timeoutMs} ms`, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", forwardAbort);
    }
  };
}

/** Exported for its unit test: the delay the client will obey after this reply. */
export function clampRetryAfter(headers: Headers, maxMs: number): void {
  const ms = headers.get("retry-after-ms");
  const seconds = headers.get("retry-after");
  let requested: number | null = null;
  if (ms !== null && Number.isFinite(parseFloat(ms))) requested = parseFloat(ms);
  else if (seconds !== null) {
    const asSeconds = parseFloat(seconds);
    requested = Number.isFinite(asSeconds) ? asSeconds * 1000 : Date.parse(seconds) - Date.now();
    if (!Number.isFinite(requested)) requested = null;
  }
  if (requested !== null && requested > maxMs) {
    headers.delete("retry-after");
    headers.set("retry-after-ms", String(maxMs));
  }
}
