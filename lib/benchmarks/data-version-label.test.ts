import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ScopeLinks } from "@/components/leaderboard-scope-links";
import { DEFAULT_TABLE_QUERY, readTableQuery } from "@/lib/leaderboard/table-state";
import { pipelineBenchmark } from "@/tests/fixtures/pipeline-benchmark";
import { DEFAULT_DATA_VERSION, dataVersionAlias } from "./data-version-names";
import { dataVersionChoices, dataVersionLabel, hostedBenchmarks, registerBenchmark, ROOT_BENCHMARK } from "./index";
import { capabilitiesOf } from "./hosted-capabilities";
import type { Benchmark } from "./types";

/**
 * A data version's label comes from the benchmark that declares it (`pipeline.dataVersionLabels`), through the
 * registry's dataVersionLabel, which the queue page, the submission page and the boards' data-scope links use:
 * a test-only pipeline benchmark's own labels show with no platform file naming them.
 */
const base = pipelineBenchmark("pipe-labels");
const labelled: Benchmark = {
  ...base,
  pipeline: {
    ...base.pipeline,
    dataVersions: ["pipe-labels-v1", "pipe-labels-mini"],
    dataVersionLabels: { "pipe-labels-v1": "Pipe Labels (full)", "pipe-labels-mini": "Pipe Labels mini" },
  },
};
let unregister: () => void = () => {};
beforeAll(() => {
  unregister = registerBenchmark(labelled);
});
afterAll(() => unregister());

describe("data-version labels through the registry", () => {
  test("a registered pipeline benchmark's data versions read with its own labels, default first", () => {
    expect(dataVersionLabel("pipe-labels-v1")).toBe("Pipe Labels (full)");
    expect(dataVersionLabel("pipe-labels-mini")).toBe("Pipe Labels mini");
    expect(dataVersionChoices(labelled)).toEqual([
      { slug: "pipe-labels-v1", label: "Pipe Labels (full)" },
      { slug: "pipe-labels-mini", label: "Pipe Labels mini" },
    ]);
  });

  test("the benchmark at / keeps its labels; a module's id reads as its title; an unlabelled slug as itself", () => {
    expect(dataVersionChoices(ROOT_BENCHMARK)).toEqual([
      { slug: "alpsbench-v1", label: "AlpsBench" },
      { slug: "demo", label: "Demo (synthetic)" },
    ]);
    const module = hostedBenchmarks().find((b) => !capabilitiesOf(b).scoreStep)!;
    expect(dataVersionLabel(module.id)).toBe(module.title);
    for (const slug of ["imported-2027", "constructor", "__proto__"]) expect(dataVersionLabel(slug)).toBe(slug);
  });

  test("the browser's names (table query) agree with the registry's benchmark at /", () => {
    expect(DEFAULT_DATA_VERSION).toBe(capabilitiesOf(ROOT_BENCHMARK).dataVersions[0]);
    expect(DEFAULT_TABLE_QUERY.benchmark).toBe(capabilitiesOf(ROOT_BENCHMARK).dataVersions[0]);
    expect(dataVersionAlias(ROOT_BENCHMARK.id)).toBe(capabilitiesOf(ROOT_BENCHMARK).dataVersions[0]);
  });

  test("the boards' data-scope links show the choices the server page passes, with their labels", () => {
    const query = readTableQuery({ benchmark: "pipe-labels-mini", split: "dev" });
    const html = renderToStaticMarkup(createElement(ScopeLinks, { path: "/x", query, versions: [], dataVersions: dataVersionChoices(labelled) }));
    expect(html).toContain(">Pipe Labels (full)</a>");
    expect(html).toContain('aria-current="page" href="/x?benchmark=pipe-labels-mini&amp;split=dev">Pipe Labels mini</a>');
    expect(html).not.toContain("AlpsBench");
  });
});
