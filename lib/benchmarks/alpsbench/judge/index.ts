/**
 * lib/judge: judge profiles, versioned prompt templates, verdict parsing and judge scores (pure), and the
 * client side: providers (live OpenAI-compatible, replay), cache, accounting and judge().
 * Server-only as a whole (the client uses node:async_hooks and holds API keys).
 */
export * from "./profile";
export * from "@/lib/llm-judge/stable-json";
export * from "./python-compat";
export * from "@/lib/llm-judge/extract-json";
export * from "./display-text";
export * from "./verdicts";
export * from "./scores";
export * from "./prompts";
export * from "./t12-input";
export * from "./provider";
export * from "@/lib/llm-judge/limiter";
export * from "./openai-provider";
export * from "./replay-provider";
export * from "./cache";
export * from "@/lib/llm-judge/meter";
export * from "./judge";
export * from "./from-env";
export type { JudgeSetup } from "./setup";
export { parsedOf, responseOutcomeOf, type NotJudged } from "./outcome-adapters";
