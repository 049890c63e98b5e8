import { DATA_NOT_INSTRUCTIONS, type RenderedPrompt, renderPrompt } from "./types";

export const T4_BINARY_TEMPLATE = "t4-binary-v1";

/** Task 4 abilities judged pass/fail: ability1..ability4 of the release. */
export const BINARY_ABILITIES = {
  ability1: "PA",
  ability2: "PF",
  ability3: "VRA",
  ability4: "CF",
} as const;
export type BinaryAbility = keyof typeof BINARY_ABILITIES;

type T4BinaryInput = {
  ability: BinaryAbility;
  query: string;
  /** the stored memory the response should respect */
  memory: string;
  response: string;
};

const CRITERIA: Record<BinaryAbility, { name: string; pass: string; fail: string }> = {
  ability1: {
    name: "persona awareness",
    pass: "the response takes the user's circumstances from the memory into account where they matter to the question (it answers for this user, not a generic one) and says nothing that contradicts the memory",
    fail: "the response ignores the memory where it clearly matters, treats the user as someone else, or contradicts the memory",
  },
  ability2: {
    name: "preference following",
    pass: "the response follows the preference recorded in the memory (content, style, format, language or tone, whichever the preference is about) without the user having to restate it",
    fail: "the response disregards or goes against the recorded preference",
  },
  ability3: {
    name: "virtual-reality awareness",
    pass: "the memory comes from role-play, a game or another fictional frame, and the response keeps that fiction apart from the real world: it does not present fictional roles, skills, events or facts as real facts about the user, and it answers the real-world question on real-world grounds",
    fail: "the response treats something that only exists in the fictional frame as real (for example a role-play title as a real qualification)",
  },
  ability4: {
    name: "constraint following",
    pass: "the response respects the constraint or boundary recorded in the memory (something the user asked not to be stored, recalled, discussed or done, or a hard limit they set)",
    fail: "the response breaks the recorded constraint, for example by recalling or using information the user asked not to keep, or by ignoring a limit they set",
  },
};

function systemFor(ability: BinaryAbility): string {
  const criterion = CRITERIA[ability];
  return `You grade one ability of a personalised assistant: ${criterion.name} (${BINARY_ABILITIES[ability]}). You see the user's question, one memory the assistant had about this user, and the assistant's response.

Give score 1 when ${criterion.pass}.
Give score 0 when ${criterion.fail}.
Judge only this ability; do not reward or punish general helpfulness or length.

${DATA_NOT_INSTRUCTIONS}

Answer with a single JSON object and nothing else (no markdown fences):
{"score": 1, "reason": "one or two sentences"}`;
}

export function renderT4Binary(input: T4BinaryInput): RenderedPrompt<"t4_binary"> {
  return renderPrompt(T4_BINARY_TEMPLATE, "t4_binary", systemFor(input.ability), { question: input.query, memory: input.memory, response: input.response });
}
