import { describe, expect, test } from "vitest";
import { REWARD_ALIASES } from "./reward-models";
import { RewardsPrediction, SelectionPrediction } from "./schemas";

/** Upload ids are the evaluation set's integers as plain decimal text; anything a reader could take two ways is refused. */
describe("PersonalLLM upload person_id", () => {
  const scores = Object.fromEntries(REWARD_ALIASES.map((a) => [`score_${a}`, 1]));

  test.each(["0x10", "1e1", " 1", "1 ", "01", "+1", "-1", "1.0", "", "abc", 1.5, -3, 2 ** 60])("%s is refused with a clear message", (id) => {
    for (const schema of [SelectionPrediction, RewardsPrediction]) {
      const parsed = schema.safeParse({ person_id: id, choice: 3, ...scores });
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues.find((i) => i.path[0] === "person_id")!;
      expect(issue.message).toMatch(/person_id must be a plain integer/);
    }
  });

  test.each([
    ["16", "16"],
    [16, "16"],
    [BigInt(16), "16"],
    ["0", "0"],
  ])("%s is read as %s", (id, expected) => {
    expect(SelectionPrediction.parse({ person_id: id, choice: 3 }).person_id).toBe(expected);
    expect(RewardsPrediction.parse({ person_id: id, ...scores }).person_id).toBe(expected);
  });
});
