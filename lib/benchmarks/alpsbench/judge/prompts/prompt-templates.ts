import type { VerdictKind } from "../verdicts";
import { T12_REVIEW_TEMPLATE } from "./t12-review";
import { T3_USED_MEMORY_TEMPLATE } from "./t3-used-memory";
import { T4_BINARY_TEMPLATE } from "./t4-binary";
import { T4_EI_TEMPLATE } from "./t4-ei";

/**
 * Every prompt template we have shipped, with the verdict it asks for. A template's text never changes
 * under the same version: edit it and bump the version (which changes the profile hash, so old cached
 * calls and old scores stay attached to the old wording).
 */
export const PROMPT_TEMPLATES: Record<string, { verdictKind: VerdictKind; description: string }> = {
  [T12_REVIEW_TEMPLATE]: { verdictKind: "t12_review", description: "Task 1/2 review of matched pairs, missing gold and extra predictions" },
  [T3_USED_MEMORY_TEMPLATE]: { verdictKind: "t3_used_memory", description: "Task 3: did the answer use the target memory" },
  [T4_BINARY_TEMPLATE]: { verdictKind: "t4_binary", description: "Task 4 PA/PF/VRA/CF pass/fail per response" },
  [T4_EI_TEMPLATE]: { verdictKind: "t4_ei", description: "Task 4 EI: resonation/expression/reception 1-5 per response" },
};
