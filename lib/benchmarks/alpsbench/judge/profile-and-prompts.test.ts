import { describe, expect, test } from "vitest";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";
import { judgeProfileHash, judgeProfileName, replayJudgeProfile } from "./profile";
import { PROMPT_TEMPLATES } from "./prompts/prompt-templates";
import { renderT12Review, T12_REVIEW_TEMPLATE } from "./prompts/t12-review";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "./prompts/t3-used-memory";
import { renderT4Binary, T4_BINARY_TEMPLATE } from "./prompts/t4-binary";
import { renderT4Ei, T4_EI_TEMPLATE } from "./prompts/t4-ei";
import { buildT12ReviewInput, type MemorySetMatchView } from "./t12-input";

const base = {
  provider: "openai-compatible",
  baseURL: "https://judge.example/v1",
  model: "deepseek-chat-2025-01-01",
  promptTemplateVersion: T12_REVIEW_TEMPLATE,
  maxTokens: 4096,
};

describe("judge profile", () => {
  test("temperature defaults to 0 and nothing else is accepted", () => {
    expect(defineJudgeProfile(base).temperature).toBe(0);
    expect(() => defineJudgeProfile({ ...base, temperature: 0.7 } as never)).toThrow();
  });

  test("hash is stable, ignores label and pricing, changes with any verdict-relevant field", () => {
    const profile = defineJudgeProfile(base);
    const hash = judgeProfileHash(profile);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(judgeProfileHash(defineJudgeProfile({ ...base }))).toBe(hash);
    expect(judgeProfileHash(defineJudgeProfile({ ...base, label: "x", pricing: { inputPerMillionUsd: 1, outputPerMillionUsd: 2 } }))).toBe(hash);
    for (const change of [
      { model: "deepseek-chat-2025-06-01" },
      { promptTemplateVersion: T3_USED_MEMORY_TEMPLATE },
      { maxTokens: 2048 },
      { baseURL: "https://other.example/v1" },
      { provider: "replay" },
    ]) {
      expect(judgeProfileHash(defineJudgeProfile({ ...base, ...change }))).not.toBe(hash);
    }
    expect(judgeProfileName(profile)).toBe(`deepseek-chat-2025-01-01@t12-review-v1#${hash.slice(0, 8)}`);
  });

  test("replay profile is distinct from any live profile", () => {
    const replay = replayJudgeProfile(T12_REVIEW_TEMPLATE);
    expect(replay.provider).toBe("replay");
    expect(judgeProfileHash(replay)).not.toBe(judgeProfileHash(defineJudgeProfile(base)));
  });

  test("every template is registered with its verdict kind", () => {
    expect(PROMPT_TEMPLATES[T12_REVIEW_TEMPLATE]?.verdictKind).toBe("t12_review");
    expect(PROMPT_TEMPLATES[T3_USED_MEMORY_TEMPLATE]?.verdictKind).toBe("t3_used_memory");
    expect(PROMPT_TEMPLATES[T4_BINARY_TEMPLATE]?.verdictKind).toBe("t4_binary");
    expect(PROMPT_TEMPLATES[T4_EI_TEMPLATE]?.verdictKind).toBe("t4_ei");
  });
});

describe("task 1/2 review input and prompt", () => {
  const gold = [
    {
      memory_id: "m1",
      type: "direct",
      label: "Preferences/Food",
      value: "Likes spicy ramen",
      confidence: 0.9,
      evidence: { text: "DIALOGUE-SECRET: I love spicy ramen" },
      reasoning: "REASONING-SECRET",
    },
    { memory_id: "m2", type: "indirect", label: "UNMAPPED", label_suggestion: "Hobbies/Origami", value: "Folds origami", confidence: 0.6 },
  ];
  const pred = [
    { memory_id: "p1", type: "direct", label: "Preferences/Food", value: "Enjoys spicy ramen", confidence: 0.8, evidence_text: "DIALOGUE-SECRET" },
    { memory_id: "p2", type: "direct", label: "Possessions/Car", value: ["a", "red", "car"], confidence: "0.5" },
  ];
  const match: MemorySetMatchView = {
    pairs: [{ goldIndex: 0, predIndex: 0, score: 0.91234, label: 1, value: 0.8, type: 1, confidence: 1 }],
    missingGold: [1],
    extraPred: [1],
  };

  test("original ids kept when unique; fields reduced to the scored ones (no evidence, no dialogue)", () => {
    const built = buildT12ReviewInput("task1", gold, pred, match);
    expect(built.idScheme).toBe("original");
    expect(built.input.pairs).toEqual([{ gold_id: "m1", pred_id: "p1", similarity: { pair_score: 0.9123, label: 1, value: 0.8, type_match: true, confidence: 1 } }]);
    expect(built.input.missing_gold_ids).toEqual(["m2"]);
    expect(built.input.extra_pred_ids).toEqual(["p2"]);
    expect(built.input.gold[1]).toEqual({
      id: "m2",
      type: "indirect",
      label: "UNMAPPED",
      value: "Folds origami",
      confidence: 0.6,
      label_suggestion: "Hobbies/Origami",
    });
    expect(built.input.predicted[1]).toMatchObject({ value: '["a","red","car"]', confidence: 0.5 });
    const prompt = renderT12Review(built.input);
    const all = prompt.messages.map((m) => m.content).join("\n");
    expect(all).not.toContain("SECRET");
    expect(all).toContain('"missing_gold_ids": [\n    "m2"\n  ]');
    expect(prompt.templateVersion).toBe(T12_REVIEW_TEMPLATE);
  });

  test("positional ids when ids are missing, duplicated or collide across sides", () => {
    const clash = buildT12ReviewInput("task2", [{ memory_id: "m1" }], [{ memory_id: "m1" }], { pairs: [], missingGold: [0], extraPred: [0] });
    expect(clash.idScheme).toBe("positional");
    expect(clash.input.missing_gold_ids).toEqual(["G1"]);
    expect(clash.input.extra_pred_ids).toEqual(["P1"]);
    const noIds = buildT12ReviewInput("task1", [{}], [{}, {}], { pairs: [], missingGold: [0], extraPred: [0, 1] });
    expect(noIds.predIds).toEqual(["P1", "P2"]);
  });

  test("rendering is deterministic (the cache key depends on it)", () => {
    const a = renderT12Review(buildT12ReviewInput("task1", gold, pred, match).input);
    const b = renderT12Review(buildT12ReviewInput("task1", structuredClone(gold), structuredClone(pred), match).input);
    expect(a).toEqual(b);
  });
});

describe("task 3 and task 4 prompts", () => {
  test("each names its template and carries its inputs", () => {
    const t3 = renderT3UsedMemory({ query: "Q?", target_memory: { value: "Married", label: "Social/Partners" }, answer: "A", reason: "R" });
    expect(t3.templateVersion).toBe(T3_USED_MEMORY_TEMPLATE);
    expect(t3.messages[1]?.content).toContain('"target_memory"');
    for (const ability of ["ability1", "ability2", "ability3", "ability4"] as const) {
      const p = renderT4Binary({ ability, query: "Q", memory: "M", response: "R" });
      expect(p.templateVersion).toBe(T4_BINARY_TEMPLATE);
      expect(p.messages[0]?.content).toContain('{"score": 1, "reason"');
    }
    expect(renderT4Binary({ ability: "ability3", query: "Q", memory: "M", response: "R" }).messages[0]?.content).toContain("virtual-reality awareness");
    const ei = renderT4Ei({ query: "我很难过", memories: ["16 years old"], response: "..." });
    expect(ei.templateVersion).toBe(T4_EI_TEMPLATE);
    expect(ei.messages[1]?.content).toContain("我很难过");
  });
});
