/**
 * lib/llm-judge: a generic LLM-judge client. judge<V>({ profile, prompt, parse }) asks an OpenAI-compatible
 * chat-completions endpoint (or a replay of recorded answers) through a cache keyed by the profile hash and the
 * exact messages, and returns the caller's verdict type V as read by its `parse` (a zod schema or a function).
 * Which prompts are asked and what the verdicts score is the caller's business (a benchmark's judge folder).
 * Server-only as a whole (the client uses node:async_hooks and holds API keys); the PostgreSQL cache is
 * imported from ./postgres-cache so that this barrel does not load the database client.
 */
export * from "./cache";
export * from "./extract-json";
export * from "./from-env";
export * from "./judge";
export * from "./limiter";
export * from "./meter";
export * from "./openai-provider";
export * from "./parse";
export * from "./profile";
export * from "./provider";
export * from "./replay-provider";
export type { JudgeSetup } from "./setup";
export * from "./stable-json";
