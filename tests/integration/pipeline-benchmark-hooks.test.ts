import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { registerBenchmark, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { aboutParts } from "@/lib/benchmarks/about-parts";
import type { Benchmark } from "@/lib/benchmarks/types";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/db/seed";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";

/**
 * The platform's start-up and About page reach every pipeline benchmark through its declared hooks, never by
 * name: a test-only one registered at run time gets its part of About (after AlpsBench's, which still leads the
 * page) and its seed run by `seed` (what `npm start` and every test database do), beside AlpsBench's own.
 */
const db = createPrismaClient(inject("databaseUrl"));
const seeded: string[] = [];
const base = pipelineBenchmark("pipe-hooks");
const benchmark: Benchmark = {
  ...base,
  async about() {
    return { lead: "Pipe hooks measures echoes.", body: createElement("section", { "data-pipe-hooks-about": "" }, "Pipe hooks: how an echo is scored") };
  },
  async seed() {
    seeded.push("seeded");
    return [`${seeded.length} pipe runs`];
  },
};
let unregister: () => void = () => {};
beforeAll(() => {
  unregister = registerBenchmark(benchmark);
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("a pipeline benchmark's hooks, reached by the platform", () => {
  test("About: AlpsBench's part first (its lead opens the page), then the registered benchmark's own part", async () => {
    const { lead, parts } = await aboutParts(db);
    expect(parts.map((p) => p.benchmark)).toEqual([ROOT_BENCHMARK.id, "pipe-hooks"]);
    expect(lead).toMatch(/^AlpsBench \(Xiao et al\., 2026\) measures personalization/);
    const [root, own] = parts.map((p) => renderToStaticMarkup(createElement("div", null, p.body)));
    expect(own).toBe('<div><section data-pipe-hooks-about="">Pipe hooks: how an echo is scored</section></div>');
    // AlpsBench's part is its own UI's: its sections, the data this server holds, nothing of the other benchmark
    for (const id of ["about-metrics", "about-actions", "about-overall", "about-splits", "about-leak", "data"]) expect(root).toContain(`aria-labelledby="${id}"`);
    expect(root).toContain("data-pool-version=");
    expect(root).not.toContain("Pipe hooks");
  });

  test("seed: every benchmark's own seeds, the benchmark at / first, the registered one's too", async () => {
    const report = await seed(db);
    expect(report[0]).toMatchObject({ benchmark: ROOT_BENCHMARK.id });
    expect(report[0]!.seeded.join(", ")).toMatch(/^\d+ reported systems, \d+ reported figures, demo: \d+ instances, \d+ systems$/);
    expect(report.find((r) => r.benchmark === "pipe-hooks")).toEqual({ benchmark: "pipe-hooks", seeded: ["1 pipe runs"] });
    expect(seeded).toEqual(["seeded"]);
  });
});
