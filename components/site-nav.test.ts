import { describe, expect, test } from "vitest";
import { getBenchmark, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { siteNavigation } from "@/lib/benchmarks/navigation";
import { isCurrentPath, navItemsFor } from "./site-nav";

const { root, others } = siteNavigation();
const labels = (path: string) => navItemsFor(path, root, others).map((i) => i.label);

describe("the nav follows the benchmark a page shows", () => {
  test("a module's pages link its views and its submit form, not the root benchmark's tabs", () => {
    const items = navItemsFor("/benchmarks/personalllm/selection", root, others);
    const views = getBenchmark("personalllm")!.views.map((v) => (v.id === "" ? "PersonalLLM" : (v.tab ?? v.title)));
    expect(items.map((i) => i.label)).toEqual([root.title, ...views, "Submit", "Queue", "About", "API"]);
    expect(views).toContain("Selection");
    expect(items.map((i) => i.href)).toContain("/submit?benchmark=personalllm");
    expect(items.some((i) => i.label.startsWith("Task "))).toBe(false);
    // the module's first page is current on itself only, not on its other views
    const first = items.find((i) => i.label === "PersonalLLM")!;
    expect(isCurrentPath("/benchmarks/personalllm/selection", first.href, first.exact)).toBe(false);
    expect(isCurrentPath("/benchmarks/personalllm", first.href, first.exact)).toBe(true);
  });

  test('every other page (and an unknown benchmark\'s) has the links the benchmark at "/" declares, then the shared pages', () => {
    const rootLabels = [...root.items.map((i) => i.label), "Queue", "About", "API"];
    // what the benchmark at "/" declares, nothing the platform wrote
    expect(root.items).toBe(ROOT_BENCHMARK.navigation);
    for (const path of ["/", "/tasks/task1", "/submit", "/benchmarks/nope"]) expect(labels(path), path).toEqual(rootLabels);
    expect(rootLabels).toContain("Task 1");
    expect(isCurrentPath("/submit", "/submit?benchmark=personalllm")).toBe(true);
  });
});
