import { describe, expect, test } from "vitest";
import { REWARD_ALIASES } from "./reward-models";
import { NOT_SCORED_REASON, rewardsTrack, scoreRewards } from "./rewards-track";
import { RewardsPrediction, type EvalUser } from "./schemas";

/**
 * Rows that carry a response text instead of (some of) their reward scores: accepted only with a response;
 * the track's pure declaration names what the server must score (the user's test prompt, the missing aliases),
 * fills exactly those, and the scorer answers "not scored" (null, never 0) while any score is missing.
 */
const users: EvalUser[] = [
  { personId: "1", weights: Array(10).fill(0.1), testPrompt: "prompt of A", bestResponseReward: 0, gpt4oReward: 0 },
  { personId: "2", weights: Array(10).fill(0.1), testPrompt: "prompt of B", bestResponseReward: 0, gpt4oReward: 0 },
];
const all = (v: number) => Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, v]));

describe("rewards rows with a response text", () => {
  test("scores may be left out (absent, null or empty) only when the row has a response; NaN is still refused", () => {
    expect(RewardsPrediction.safeParse({ person_id: "1", response: "hi" }).success).toBe(true);
    expect(RewardsPrediction.safeParse({ person_id: "1", response: "hi", score_gemma_2b: "", score_beaver_7b: null }).success).toBe(true);
    const noText = RewardsPrediction.safeParse({ person_id: "1", ...all(1), score_gemma_7b: "", response: "  " });
    expect(noText.error?.issues).toEqual([
      expect.objectContaining({ path: ["score_gemma_7b"], message: "score_gemma_7b is required when the row has no response text" }),
    ]);
    const nan = RewardsPrediction.safeParse({ person_id: "1", response: "hi", score_gemma_2b: "NaN" });
    expect(nan.error?.issues[0]).toMatchObject({ path: ["score_gemma_2b"], message: expect.stringContaining("finite") });
  });

  test("missing names the user's test prompt and only the absent aliases; fill keeps the submitter's scores", () => {
    const decl = rewardsTrack.rewardTexts!;
    expect(Object.keys(decl.models)).toEqual([...REWARD_ALIASES]);
    const partial = RewardsPrediction.parse({ person_id: "2", response: "answer", ...all(2), score_gemma_2b: undefined, score_mistral_ray: undefined });
    expect(decl.missing({ users }, partial)).toEqual({ prompt: "prompt of B", response: "answer", aliases: ["gemma_2b", "mistral_ray"] });
    expect(decl.missing({ users }, RewardsPrediction.parse({ person_id: "1", ...all(1) }))).toBeNull();
    const filled = decl.fill(partial, Object.fromEntries(REWARD_ALIASES.map((a) => [a, 7])));
    expect(filled).toMatchObject({ ...all(2), score_gemma_2b: 7, score_mistral_ray: 7 });
  });

  test("the scorer: every metric null with the reason while a score is missing; numbers once all are there", () => {
    const rows = [RewardsPrediction.parse({ person_id: "1", ...all(1) }), RewardsPrediction.parse({ person_id: "2", response: "answer" })];
    const result = scoreRewards({ users }, rows);
    expect(result.notScored).toBe(NOT_SCORED_REASON);
    expect(Object.keys(result.metrics)).toEqual(rewardsTrack.metrics.map((m) => m.id));
    for (const m of Object.values(result.metrics)) expect(m).toEqual({ value: null, n: 2, ciLow: null, ciHigh: null });
    const complete = scoreRewards({ users }, [rows[0]!, rewardsTrack.rewardTexts!.fill(rows[1]!, Object.fromEntries(REWARD_ALIASES.map((a) => [a, 3])))]);
    expect(complete.notScored).toBeUndefined();
    expect(complete.metrics.total_score!.value).toEqual(expect.any(Number));
  });
});
