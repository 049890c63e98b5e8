/**
 * AlpsBench's judge: its profiles' hash scheme, versioned prompt templates, verdict schemas and parsing, and judge
 * scores (pure), asked through the generic client of lib/llm-judge (providers, cache, accounting), which is
 * re-exported here so AlpsBench code has one import. Server-only as a whole (the client holds API keys).
 */
export * from "./profile";
export { sha256Hex, stableStringify } from "@/lib/llm-judge/stable-json";
export * from "./python-compat";
export * from "@/lib/llm-judge/extract-json";
export * from "./display-text";
export * from "./verdicts";
export * from "./scores";
export * from "./prompts";
export * from "./t12-input";
export * from "@/lib/llm-judge/provider";
export * from "@/lib/llm-judge/limiter";
export * from "@/lib/llm-judge/openai-provider";
export * from "@/lib/llm-judge/replay-provider";
export * from "@/lib/llm-judge/cache";
export * from "@/lib/llm-judge/meter";
export { type JudgeCallInfo, type JudgeOutcome } from "@/lib/llm-judge/judge";
export * from "./judge";
export * from "@/lib/llm-judge/from-env";
export type { JudgeSetup } from "@/lib/llm-judge/setup";
export { parsedOf, responseOutcomeOf, type NotJudged } from "./outcome-adapters";
