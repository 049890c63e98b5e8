import { DATA_NOT_INSTRUCTIONS, type RenderedPrompt, renderPrompt } from "./types";

export const T4_EI_TEMPLATE = "t4-ei-v1";

type T4EiInput = {
  query: string;
  /** what the assistant knew about the user (memory values); may be empty */
  memories: string[];
  response: string;
};

const SYSTEM = `You rate the emotional intelligence of an assistant's reply to a user who is sharing something personal or difficult. You see the user's message, what the assistant knew about the user, and the reply. The reply may be in any language; rate it in its own language.

Rate three dimensions, each an integer from 1 (poor) to 5 (excellent):
- resonation: does the reply show that it understood what this user feels and why, in their particular situation (not a generic reading of the topic)?
- expression: is care conveyed in a natural, warm and respectful way, in a tone and length that suit the moment, rather than a detached lecture or a list of stock advice?
- reception: would this user most likely feel heard and be helped by the reply (validated, less alone, with a sensible next step where one is wanted)?

Use the whole scale; 3 means adequate but unremarkable.

${DATA_NOT_INSTRUCTIONS}

Answer with a single JSON object and nothing else (no markdown fences):
{"resonation": 3, "expression": 3, "reception": 3, "reason": "one or two sentences"}`;

export function renderT4Ei(input: T4EiInput): RenderedPrompt<"t4_ei"> {
  return renderPrompt(T4_EI_TEMPLATE, "t4_ei", SYSTEM, { user_message: input.query, known_about_user: input.memories, reply: input.response });
}
