import { describe, expect, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { validateModuleUpload } from "@/lib/submissions/prepare-module-file";
import { REWARD_ALIASES } from "./reward-models";
import { scoreField } from "./schemas";

/**
 * The module tracks' duplicate rule compares what the track's scorer reads. A rewards
 * row with all 10 scores is scored on them alone (its response text is read only to fill missing scores), so a
 * file that differs from another only in such texts is the same content.
 */
const personalLlm = oneCallOf(getBenchmark("personalllm"))!;
const rewards = personalLlm.tracks.find((t) => t.id === "rewards")!;
const input = { users: ["1", "2"].map((personId) => ({ personId, weights: [], testPrompt: "p", bestResponseReward: 0, gpt4oReward: 0 })), prompts: [] };
const limits = { maxBytes: 100_000, maxDecompressedBytes: 200_000, maxProblems: 50 };

async function* bytes(data: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(data);
}
const scores = (value: number) => Object.fromEntries(REWARD_ALIASES.map((alias) => [scoreField(alias), value]));
async function hashOf(rows: Record<string, unknown>[]): Promise<string> {
  const result = await validateModuleUpload(bytes(rows.map((r) => JSON.stringify(r)).join("\n")), {
    benchmark: personalLlm,
    track: rewards,
    input,
    fileName: "r.jsonl",
    limits,
  });
  expect(result.ok, result.fatal ?? "").toBe(true);
  return result.contentSha256!;
}

describe("PersonalLLM rewards: the content hash covers what the scorer reads", () => {
  test("with every score given, the response text does not make a new file; a score does", async () => {
    const original = await hashOf([
      { person_id: "1", ...scores(0.5), response: "A" },
      { person_id: "2", ...scores(0.25), response: "B" },
    ]);
    expect(
      await hashOf([
        { person_id: "1", ...scores(0.5), response: "A, reworded" },
        { person_id: "2", ...scores(0.25) },
      ]),
    ).toBe(original);
    expect(
      await hashOf([
        { person_id: "1", ...scores(0.5), [scoreField(REWARD_ALIASES[0]!)]: 0.75 },
        { person_id: "2", ...scores(0.25) },
      ]),
    ).not.toBe(original);
  });

  test("with a score missing, the response is what the reward models score: it counts", async () => {
    const { [scoreField(REWARD_ALIASES[0]!)]: _dropped, ...nine } = scores(0.5);
    const a = await hashOf([
      { person_id: "1", ...nine, response: "A" },
      { person_id: "2", ...scores(0.25) },
    ]);
    const b = await hashOf([
      { person_id: "1", ...nine, response: "A, reworded" },
      { person_id: "2", ...scores(0.25) },
    ]);
    expect(a).not.toBe(b);
  });
});
