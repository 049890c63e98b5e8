import { describe, expect, test } from "vitest";
import { ModelFacts } from "@/lib/model-facts/facts";
import { REPORTED_FACTS } from "./reported-facts";
import { REPORTED_SYSTEMS } from "./reported-types";

describe("the reported systems' model facts", () => {
  test("each names a reported system and passes the facts schema", () => {
    const slugs = new Set(REPORTED_SYSTEMS.map((s) => s.slug));
    for (const [slug, { facts }] of Object.entries(REPORTED_FACTS)) {
      expect(slugs.has(slug), slug).toBe(true);
      expect(ModelFacts.safeParse(facts).success, slug).toBe(true);
    }
  });

  test("every fact given, links included, cites the https page that states it; no source without its fact", () => {
    for (const [slug, { facts, sources }] of Object.entries(REPORTED_FACTS)) {
      for (const [key, value] of Object.entries(facts)) {
        if (value === null || value === undefined) continue;
        expect(sources[key as keyof typeof sources], `${slug}.${key} has no source`).toMatch(/^https:\/\/\S+$/);
      }
      for (const key of Object.keys(sources)) expect(facts[key as keyof typeof facts], `${slug}: a source for no ${key}`).not.toBeUndefined();
    }
  });

  test("the open-weights mixture-of-experts models carry their published sizes; closed models no size", () => {
    expect(REPORTED_FACTS["llama-4-maverick"]!.facts).toMatchObject({ paramsB: 400, activeParamsB: 17, openWeights: true, license: "llama4" });
    expect(REPORTED_FACTS["deepseek-v3-2-thinking"]!.facts).toMatchObject({ paramsB: 671, activeParamsB: 37, openWeights: true, license: "MIT" });
    for (const slug of ["gpt-5-2", "gpt-4-1-mini", "gemini-3-flash", "claude-sonnet-4-5", "qwen3-max"]) {
      expect(REPORTED_FACTS[slug]!.facts, slug).toMatchObject({ openWeights: false, license: "proprietary" });
      expect(REPORTED_FACTS[slug]!.facts.paramsB ?? null, slug).toBeNull();
    }
  });
});
