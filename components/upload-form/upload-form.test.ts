import { createElement } from "react";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { pipelineBenchmark } from "@/tests/fixtures/pipeline-benchmark";
import { UploadForm } from "../upload-form";
import { pipelineUploadOptions } from "./pipeline-options";

/** The words of the benchmark at "/" that a form for another benchmark must not carry over. */
const ROOT_WORDS = ["AlpsBench", "Task 1", "task1", "Extraction", "memory_items", "benchmark_id", "predictions.jsonl", ".json or .gz", "Demo"];

describe("the upload form for a pipeline benchmark it has never heard of", () => {
  const benchmark = pipelineBenchmark("pipe-form", ["echo", "twice"]);
  const props = pipelineUploadOptions([benchmark], [{ slug: "pipe-form-v1", name: "Pipe form, first release" }]);
  // the form pushes the status page's URL on success: outside Next.js it needs a router to be rendered
  const router = { push: () => {} } as unknown as AppRouterInstance;
  const html = renderToStaticMarkup(createElement(AppRouterContext.Provider, { value: router }, createElement(UploadForm, { ...props })));

  test("offers its data version, its groups and tracks, from its declaration", () => {
    expect(props.benchmarks).toEqual([{ slug: "pipe-form-v1", label: "Pipe form, first release", pipeline: "pipe-form" }]);
    expect(html).toMatch(/<option value="pipe-form-v1" selected="">Pipe form, first release<\/option>/);
    expect(html).toContain('<optgroup label="Echo group echo"><option value="pipe-form/echo" selected="">Echo echo</option></optgroup>');
    expect(html).toContain('<optgroup label="Echo group twice"><option value="pipe-form/twice">Echo twice</option></optgroup>');
  });

  test("shows the chosen track's row format: summary, columns, example and the files it takes", () => {
    expect(html).toContain("Prediction format · Echo group echo");
    expect(html).toContain("One line per value: the number to average.");
    expect(html).toContain('<code class="font-mono text-fg">value</code> (number): a finite number (13 fails the upload)');
    expect(html).toContain("<code>{&quot;value&quot;:4.5}</code>");
    expect(html).toContain("JSON Lines, not gzipped.");
    expect(html).toContain('accept=".jsonl"');
    expect(html).toContain("Prediction file (.jsonl only)");
    expect(html).toContain("one .jsonl file of values");
    // it serves no inputs: no download links
    expect(html).not.toContain("/api/v1/inputs/");
  });

  test("says nothing of another benchmark", () => {
    for (const word of ROOT_WORDS) expect(html, word).not.toContain(word);
  });
});

describe("the upload form for a module", () => {
  const router = { push: () => {} } as unknown as AppRouterInstance;
  const rowFormat = { summary: "One row per question.", columns: [], example: { question_id: "d1", answer: "x" } };
  const render = (splits?: { id: string; goldHidden: boolean }[]) =>
    renderToStaticMarkup(
      createElement(
        AppRouterContext.Provider,
        { value: router },
        createElement(UploadForm, {
          tracks: [],
          benchmarks: [],
          modules: [
            {
              id: "qa",
              title: "QA",
              tracks: [{ id: "answers", title: "Answers", description: "Answers.", rowFormat, missingData: null, ...(splits ? { splits } : {}) }],
            },
          ],
          defaultBenchmark: "qa",
        }),
      ),
    );

  test("with splits: a split picker of the track's splits, dev first, the hidden one a test upload", () => {
    const html = render([
      { id: "dev", goldHidden: false },
      { id: "test", goldHidden: true },
    ]);
    expect(html).toMatch(/<select id="[^"]+-split" name="split"/);
    expect(html).toContain('<option value="dev" selected="">dev (no test quota)</option><option value="test">test (hidden gold; a test upload)</option>');
    expect(html).toContain("Costs no test answer.");
  });

  test("without splits: no split picker", () => {
    expect(render()).not.toContain('name="split"');
  });
});

describe("the upload form for a data version that holds only some of its tracks (a partial import)", () => {
  const benchmark = pipelineBenchmark("pipe-gap", ["echo", "twice"]);
  const offered = pipelineUploadOptions([benchmark], [{ slug: "pipe-gap-v1", name: "Pipe gap, first release" }]);
  const router = { push: () => {} } as unknown as AppRouterInstance;
  const render = (missingData: Record<string, string>) =>
    renderToStaticMarkup(
      createElement(
        AppRouterContext.Provider,
        { value: router },
        createElement(UploadForm, { ...offered, benchmarks: offered.benchmarks.map((b) => ({ ...b, missingData })) }),
      ),
    );

  test("a track without instances is shown disabled with why, and the first track with data is preselected", () => {
    const html = render({ "pipe-gap/echo": "Pipe gap, first release holds no instances of this track on this server yet." });
    expect(html).toContain('<option value="pipe-gap/echo" disabled="">Echo echo (no evaluation data on this server)</option>');
    expect(html).toContain('<option value="pipe-gap/twice" selected="">Echo twice</option>');
    expect(html).not.toContain('data-testid="missing-data-notice"');
    expect(html).not.toMatch(/<button type="submit" disabled=""/);
  });

  test("with no track ready: the chosen one's notice says why, and the form cannot be sent", () => {
    const html = render({ "pipe-gap/echo": "No echo instances here.", "pipe-gap/twice": "No twice instances here." });
    expect(html).toMatch(/data-testid="missing-data-notice"[^>]*>.*No echo instances here\./);
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });
});
