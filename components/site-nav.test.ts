import { describe, expect, test } from "vitest";
import { isCurrentPath, NAV_ITEMS, navItemsFor, type NavModule } from "./site-nav";

const personalLlm: NavModule = {
  id: "personalllm",
  title: "PersonalLLM",
  views: [
    { id: "", tab: "Paper runs + submissions", title: "PersonalLLM · paper runs and re-scored submissions" },
    { id: "selection", tab: "Selection", title: "PersonalLLM · selection among 8 candidates" },
  ],
};

describe("the nav follows the benchmark a page shows", () => {
  test("a module's pages link its views and its submit form, not AlpsBench's tasks", () => {
    const items = navItemsFor("/benchmarks/personalllm/selection", [personalLlm]);
    expect(items.map((i) => i.label)).toEqual(["AlpsBench", "PersonalLLM", "Selection", "Submit", "Queue", "About", "API"]);
    expect(items.map((i) => i.href)).toContain("/submit?benchmark=personalllm");
    expect(items.some((i) => i.label.startsWith("Task "))).toBe(false);
    // the module's first page is current on itself only, not on its other views
    const first = items.find((i) => i.label === "PersonalLLM")!;
    expect(isCurrentPath("/benchmarks/personalllm/selection", first.href, first.exact)).toBe(false);
    expect(isCurrentPath("/benchmarks/personalllm", first.href, first.exact)).toBe(true);
  });

  test("every other page (and an unknown module) has AlpsBench's nav", () => {
    for (const path of ["/", "/tasks/task1", "/submit", "/benchmarks/nope"]) expect(navItemsFor(path, [personalLlm]), path).toBe(NAV_ITEMS);
    expect(isCurrentPath("/submit", "/submit?benchmark=personalllm")).toBe(true);
  });
});
