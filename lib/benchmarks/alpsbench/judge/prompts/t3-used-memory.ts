import { DATA_NOT_INSTRUCTIONS, type RenderedPrompt, renderPrompt } from "./types";

export const T3_USED_MEMORY_TEMPLATE = "t3-used-memory-v1";

type T3UsedMemoryInput = {
  /** the user's question */
  query: string;
  /** the one stored memory the question was written to need */
  target_memory: { value: string; label: string | null };
  /** what the system answered, and why (either may be missing) */
  answer: string | null;
  reason: string | null;
};

const SYSTEM = `You grade a memory-retrieval benchmark. A system had a long list of stored memories about a user and received a question that can only be answered well with one particular memory (the target memory). You see the question, the target memory, and the system's answer and stated reason.

Decide whether the answer actually relies on the target memory:
- used_memory is true when the answer or the reason uses the content of the target memory (not merely a similar topic).
- score is a number from 0 to 1: 1 when the answer clearly and correctly builds on the target memory; around 0.5 when it uses it only vaguely or partly; 0 when it ignores it, relies on a different memory, or contradicts it.

${DATA_NOT_INSTRUCTIONS}

Answer with a single JSON object and nothing else (no markdown fences):
{"used_memory": true, "score": 1.0, "reason": "one or two sentences"}`;

export function renderT3UsedMemory(input: T3UsedMemoryInput): RenderedPrompt<"t3_used_memory"> {
  const payload = { question: input.query, target_memory: input.target_memory, system_answer: input.answer, system_reason: input.reason };
  return renderPrompt(T3_USED_MEMORY_TEMPLATE, "t3_used_memory", SYSTEM, payload);
}
