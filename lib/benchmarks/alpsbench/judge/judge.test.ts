import { describe, expect, test } from "vitest";
import { judge } from "@/lib/benchmarks/alpsbench/judge/judge";
import { judgeProfileHash, judgeProfileName, replayJudgeProfile } from "@/lib/benchmarks/alpsbench/judge/profile";
import { T12_REVIEW_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t12-review";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t3-used-memory";
import { InMemoryJudgeCache } from "@/lib/llm-judge/cache";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";
import { createReplayProvider } from "@/lib/llm-judge/replay-provider";
import { sha256Hex, stableStringify } from "@/lib/llm-judge/stable-json";

/**
 * AlpsBench's judge on top of the generic client (lib/llm-judge): the profile hashes, cache keys and stored cache
 * entries are pinned to the values the judge produced before it was split, so every judge Score's version
 * ("judge:<profile hash>"), every cached call in PostgreSQL and every stored verdict is still found.
 */

const prompt = (n = 0) => renderT3UsedMemory({ query: `question ${n}`, target_memory: { value: "Married", label: null }, answer: "a", reason: "r" });

const live = defineJudgeProfile({
  provider: "openai-compatible",
  baseURL: "http://judge.example/v1",
  model: "judge-model-2025-01-01",
  promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
  maxTokens: 4096,
});

describe("hashes and keys are those of the judge before the split", () => {
  test("profile hashes (the judge Scores' version) and names", () => {
    expect(judgeProfileHash(live)).toBe("e54af75c9d18ff9d608a0dbcf7559831a6d1149e6470ad005ae70a38c3fa5440");
    expect(judgeProfileHash({ ...live, label: "renamed", pricing: { inputPerMillionUsd: 1, outputPerMillionUsd: 2 } })).toBe(judgeProfileHash(live));
    expect(judgeProfileHash(replayJudgeProfile(T12_REVIEW_TEMPLATE))).toBe("eae88d568fc96e9a77a1a60c9b5374348021dbf64567cab8ed79e8c707cbbc59");
    expect(judgeProfileName(live)).toBe("judge-model-2025-01-01@t3-used-memory-v1#e54af75c");
  });

  test("a replayed call: its cache key and the stored entry, byte for byte", async () => {
    const profile = replayJudgeProfile(T3_USED_MEMORY_TEMPLATE);
    const provider = createReplayProvider(new Map<string, unknown>([["item-1", 'Sure: {"used_memory": true, "score": 0.5, "reason": "x"}']]));
    const cache = new InMemoryJudgeCache();
    const outcome = await judge({ profile, prompt: prompt(), replayKey: "item-1" }, { provider, cache, now: () => new Date("2026-01-02T03:04:05Z") });
    expect(outcome).toMatchObject({ status: "parsed", verdict: { used_memory: true, score: 0.5 }, fromCache: false });
    expect(outcome.key).toBe("a9b3ed5fa52e30581dbdd5751964d389d6404a33eb7040cc57619a15b1a158e7");
    const entry = await cache.get(outcome.key);
    expect(sha256Hex(stableStringify(entry))).toBe("ccc84d432524afd38d5ed0a33f9aed394dbf7de2bda66b8165d92a1b90426d56");
  });

  test("an unparsable answer is stored with the same parse error as before", async () => {
    const profile = replayJudgeProfile(T3_USED_MEMORY_TEMPLATE);
    const provider = createReplayProvider(new Map<string, unknown>([["item-2", '{"used_memory": true, "score": 7}']]));
    const cache = new InMemoryJudgeCache();
    const outcome = await judge({ profile, prompt: prompt(2), replayKey: "item-2" }, { provider, cache, now: () => new Date(0) });
    expect(outcome).toMatchObject({ status: "unparsable", reason: "invalid t3_used_memory verdict: score: score above 1" });
    expect((await cache.get(outcome.key))?.parseError).toBe("invalid t3_used_memory verdict: score: score above 1");
  });
});

describe("replay provider through judge()", () => {
  const profile = defineJudgeProfile({
    provider: "replay",
    baseURL: null,
    model: "recorded",
    promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
    maxTokens: 100,
  });
  const provider = createReplayProvider(
    new Map<string, unknown>([
      ["a", { used_memory: true, score: 0.9, reason: "x" }],
      ["b", 'Sure! {"used_memory": false, "score": 0}'],
      ["c", null],
    ]),
  );

  test.each([
    ["a", { status: "parsed", verdict: { score: 0.9 } }],
    ["b", { status: "parsed", verdict: { score: 0 } }],
    ["c", { status: "call_failed", code: "not_judged" }],
    ["zzz", { status: "call_failed", code: "not_recorded" }],
  ])("recording %s", async (replayKey, expected) => {
    expect(await judge({ profile, prompt: prompt(), replayKey }, { provider })).toMatchObject(expected);
  });

  test("same prompt, different recorded items: the replay key keeps their cache entries apart", async () => {
    const cache = new InMemoryJudgeCache();
    const a = await judge({ profile, prompt: prompt(), replayKey: "a" }, { provider, cache });
    const b = await judge({ profile, prompt: prompt(), replayKey: "b" }, { provider, cache });
    expect(a.key).not.toBe(b.key);
    expect(cache.size).toBe(2);
  });

  test("a prompt rendered for another template than the profile's is a programming error", async () => {
    await expect(judge({ profile: { ...profile, promptTemplateVersion: T12_REVIEW_TEMPLATE }, prompt: prompt(), replayKey: "a" }, { provider })).rejects.toThrow(
      /rendered for profile template/,
    );
    await expect(judge({ profile: { ...profile, promptTemplateVersion: "no-such-template" }, prompt: prompt(), replayKey: "a" }, { provider })).rejects.toThrow(
      /unknown prompt template version/,
    );
  });
});
