import { DATA_NOT_INSTRUCTIONS, type RenderedPrompt, renderPrompt } from "./types";

export const T12_REVIEW_TEMPLATE = "t12-review-v1";

export type ReviewItem = {
  id: string;
  type: string | null;
  label: string | null;
  /** only for UNMAPPED labels: the label the annotator or model proposed */
  label_suggestion?: string | null;
  value: string;
  confidence: number | null;
};

export type ReviewPair = {
  gold_id: string;
  pred_id: string;
  /** the deterministic matcher's component similarities for this pair, each 0..1 */
  similarity: { pair_score: number; label: number; value: number; type_match: boolean; confidence: number };
};

export type T12ReviewInput = {
  task: "task1" | "task2";
  gold: ReviewItem[];
  predicted: ReviewItem[];
  pairs: ReviewPair[];
  missing_gold_ids: string[];
  extra_pred_ids: string[];
};

const TASK_CONTEXT: Record<T12ReviewInput["task"], string> = {
  task1:
    "A system read a conversation between a user and an assistant and wrote down long-term memories about the user. " +
    "Annotators wrote a reference list for the same conversation.",
  task2:
    "A system was given a user's memory list and a newer conversation, and had to return the updated memory list " +
    "(keep what still holds, modify what changed, add what is new). Annotators wrote the reference updated list.",
};

const SYSTEM = `You are a careful reviewer for a benchmark of long-term memory systems.

Each memory item has a type ("direct" = stated by the user, "indirect" = inferred), a label (a Domain/Aspect path from a fixed taxonomy, or UNMAPPED), a value (the remembered fact, preference or trait, in plain words) and a confidence between 0 and 1.

You do not see the conversation. Judge only from the items: the reference (gold) items are treated as correct. A deterministic matcher has already paired predicted items with gold items; you review its result.

1. pair_reviews: one entry for every pair in "pairs". Decide whether the predicted item records the same memory as its gold item, and classify the main problem with one error_type:
   - EQUIVALENT: same memory; wording, label detail or confidence may differ slightly.
   - VALUE_DRIFT: same subject, but the predicted value says something different, partly wrong, or with a changed meaning.
   - HALLUCINATION: the predicted value asserts something the gold item does not support at all.
   - LABEL_WRONG: the value is right but filed under a clearly wrong label.
   - TYPE_WRONG: the value is right but direct/indirect is wrong.
   - OVERGENERAL: the prediction is vaguer than the gold and loses what makes it useful.
   - UNDERGENERAL: the prediction is narrower or more specific than the gold supports.
   - OTHER: any other problem.
   Set ok to true only for EQUIVALENT.
2. missing_reviews: one entry for every id in "missing_gold_ids". should_have_extracted is true when the gold item is a durable, user-specific memory that a good system should have produced and no predicted item already covers it; false otherwise.
3. extra_reviews: one entry for every id in "extra_pred_ids". hallucinated is true only when the prediction is clearly unsupported: it contradicts the gold items, describes someone other than the user, or invents specifics. A plausible additional memory that the gold list simply does not mention is not a hallucination. Without the conversation, be conservative.

severity is an integer from 0 to 3: 0 negligible, 1 minor, 2 clear and consequential, 3 severe or misleading. For EQUIVALENT pairs use 0.

${DATA_NOT_INSTRUCTIONS}

Answer with a single JSON object and nothing else: no markdown fences, no text before or after it. Use exactly this shape, with the ids as given in the input:
{"pair_reviews": [{"gold_id": "...", "pred_id": "...", "ok": true, "error_type": "EQUIVALENT", "severity": 0, "rationale": "one sentence"}],
 "missing_reviews": [{"id": "...", "should_have_extracted": true, "severity": 1, "rationale": "one sentence"}],
 "extra_reviews": [{"id": "...", "hallucinated": false, "severity": 0, "rationale": "one sentence"}]}
Use empty lists where there is nothing to review.`;

export function renderT12Review(input: T12ReviewInput): RenderedPrompt<"t12_review"> {
  const payload = {
    gold_items: input.gold,
    predicted_items: input.predicted,
    pairs: input.pairs,
    missing_gold_ids: input.missing_gold_ids,
    extra_pred_ids: input.extra_pred_ids,
  };
  return renderPrompt(T12_REVIEW_TEMPLATE, "t12_review", SYSTEM, payload, {
    context: TASK_CONTEXT[input.task],
    ask: "Review every pair, every missing gold id and every extra predicted id, and answer with the JSON object only.",
  });
}
