import type { JudgeProfile } from "./profile";

/** One chat message as OpenAI-compatible endpoints take it. */
export type ChatMessage = { role: "system" | "user"; content: string };

/**
 * Anything that can answer a judge prompt: the live OpenAI-compatible client, the replay of recorded
 * outputs, or a test double. judge() only talks to this interface.
 */
export interface JudgeProvider {
  /** "openai-compatible", "replay", ...; must equal the profile's `provider` */
  readonly kind: string;
  /** Resolves with the completion text or rejects with a JudgeCallError (any other error is a bug). */
  complete(request: JudgeCallRequest): Promise<JudgeCompletion>;
}

export type JudgeCallRequest = {
  profile: JudgeProfile;
  messages: ChatMessage[];
  /** which recorded item to answer from (replay provider only; ignored by live providers) */
  replayKey?: string;
  signal?: AbortSignal;
};

export type JudgeCompletion = {
  text: string;
  /** null when the provider reported no usage */
  inputTokens: number | null;
  outputTokens: number | null;
  /** wall time of the whole call, retries and back-off included */
  latencyMs: number;
  /** HTTP attempts made (1 = no retry) */
  attempts: number;
  /** the model id the provider says answered (may differ from an alias in the profile) */
  responseModel: string | null;
  finishReason: string | null;
};

export type JudgeCallErrorCode =
  | "timeout"
  | "rate_limited"
  | "http_error"
  | "connection_error"
  | "malformed_response"
  | "empty_completion"
  | "aborted"
  | "config"
  /** replay: no recording exists under this key */
  | "not_recorded"
  /** replay: the recording says the item was never judged (judge_output_raw is null) */
  | "not_judged";

export class JudgeCallError extends Error {
  readonly code: JudgeCallErrorCode;
  readonly attempts: number;

  constructor(code: JudgeCallErrorCode, message: string, options: { attempts?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "JudgeCallError";
    this.code = code;
    this.attempts = options.attempts ?? 0;
  }
}
