import { z } from "zod";

/**
 * The reward service's HTTP protocol (docs/running.md, "Reward-model service"): JSON over POST.
 *
 *   POST {baseURL}/score
 *   Authorization: Bearer <REWARD_SERVICE_API_KEY>        (only when a key is configured)
 *   { "model": "<hf id>", "revision": "<sha>", "max_length": 8192, "texts": [{ "prompt": "...", "response": "..." }] }
 *   -> 200 { "scores": [1.25, -0.5, ...] }                  one finite raw reward per text, in order
 *
 * The service formats each (prompt, response) pair with the model's own chat template, truncates to
 * max_length tokens and scores the texts of one request as one batch. 5xx and 429 answers are retried; any
 * other non-200 answer, or a body that does not match, fails the call.
 */
export const ScoreRequest = z.object({
  model: z.string().min(1),
  revision: z.string().min(1),
  max_length: z.number().int().positive(),
  texts: z.array(z.object({ prompt: z.string(), response: z.string() })).min(1),
});
export type ScoreRequest = z.infer<typeof ScoreRequest>;

export const ScoreResponse = z.object({
  scores: z.array(z.number().refine(Number.isFinite, "scores must be finite numbers")),
});
export type ScoreResponse = z.infer<typeof ScoreResponse>;
