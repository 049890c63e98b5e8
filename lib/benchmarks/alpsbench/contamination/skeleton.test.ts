import { describe, expect, test } from "vitest";
import { skeleton } from "./skeleton";
import { indexPublicValues, MIN_CONTAINED, publicSourcesWithin, TASK2_INPUT, TASK3_CANDIDATE } from "./public-value-index";

const value = "Prefers horror movies with moderate jump scares";

describe("skeleton: trivial edits that keep the scorer's fuzzy match do not change it", () => {
  test.each([
    ["upper case, punctuation and spacing", "PREFERS  horror-movies, with moderate JUMP scares!!"],
    ["Cyrillic е (U+0435) for Latin e", value.replaceAll("e", "\u0435")],
    ["Greek and Cyrillic capitals", value.toUpperCase().replaceAll("O", "\u039f").replaceAll("A", "\u0410")],
    ["fullwidth letters (NFKC)", value.replace("horror", "\uff48\uff4f\uff52\uff52\uff4f\uff52")],
    ["zero-width and combining marks", value.replace("jump", "ju\u200bm\u0301p")],
    ["capital I for l, 0 for o", value.replaceAll("l", "I").replaceAll("o", "0")],
    ["spaces removed", value.replaceAll(" ", "")],
  ])("%s", (_label, edited) => {
    expect(skeleton(edited)).toBe(skeleton(value));
  });

  test("only letters and numbers are kept; other scripts stay distinct from Latin", () => {
    expect(skeleton("Straße, 10 km!")).toBe(skeleton("STRASSE 10KM"));
    expect(skeleton("Has a child named 아윤 (Ayun)")).toMatch(/아윤/);
    expect(skeleton("...!?")).toBe("");
    expect(skeleton("likes green tea")).not.toBe(skeleton("likes black tea"));
  });
});

describe("containment: a predicted value counts when it contains a public value", () => {
  const index = indexPublicValues([
    { value: value, source: TASK2_INPUT },
    { value: "Has a dog", source: TASK3_CANDIDATE },
    { value: "Works at Renault Group in Paris", source: TASK2_INPUT | TASK3_CANDIDATE },
    { value: "English", source: TASK2_INPUT }, // under three tokens: never a public value
  ]);

  test.each([
    ["equal", value, TASK2_INPUT],
    ["wrapped: (a) of the attack", `The user: ${value.toUpperCase()} !`, TASK2_INPUT],
    ["wrapped and homoglyphs", `Note - ${value.replaceAll("e", "\u0435")} (confirmed)`, TASK2_INPUT],
    ["two public values inside", `${value}; works at Renault Group in Paris`, TASK2_INPUT | TASK3_CANDIDATE],
    ["a short public value only by equality", "The user has a dog named Haohao", 0],
    ["a short public value, equal", "has a DOG", TASK3_CANDIDATE],
    ["a public value of one token never", "Speaks English fluently", 0],
    ["a different value", "Prefers comedy movies with happy endings", 0],
  ])("%s", (_label, predicted, sources) => {
    expect(publicSourcesWithin(index, skeleton(predicted))).toBe(sources);
  });

  test("the short-value rule is the documented length", () => {
    expect(skeleton("Has a dog").length).toBeLessThan(MIN_CONTAINED);
    expect(skeleton(value).length).toBeGreaterThanOrEqual(MIN_CONTAINED);
  });
});
