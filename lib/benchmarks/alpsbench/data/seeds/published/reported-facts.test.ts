import { describe, expect, test } from "vitest";
import { ModelFacts } from "@/lib/model-facts/facts";
import { REPORTED_FACTS } from "./reported-facts";
import { REPORTED_SYSTEMS } from "./reported-types";

describe("the reported systems' model facts", () => {
  test("each names a reported system, passes the facts schema, and every fact cites a source URL", () => {
    const slugs = new Set(REPORTED_SYSTEMS.map((s) => s.slug));
    for (const [slug, { facts, sources }] of Object.entries(REPORTED_FACTS)) {
      expect(slugs.has(slug), slug).toBe(true);
      expect(ModelFacts.safeParse(facts).success, slug).toBe(true);
      for (const [key, value] of Object.entries(facts)) {
        if (key === "modelUrl" || value === null || value === undefined) continue;
        expect(sources[key as keyof typeof sources], `${slug}.${key}`).toMatch(/^https:\/\//);
      }
    }
  });
  test("the open-weights mixture-of-experts models carry their published sizes", () => {
    expect(REPORTED_FACTS["llama-4-maverick"]!.facts).toMatchObject({ paramsB: 400, activeParamsB: 17, openWeights: true });
    expect(REPORTED_FACTS["deepseek-v3-2-thinking"]!.facts).toMatchObject({ activeParamsB: 37, openWeights: true, license: "MIT" });
  });
});
