import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { MODEL_FACT_FIELD_NAMES } from "@/lib/model-facts/upload-fields";
import { MODEL_FACT_INPUTS, UploadModelFacts } from "./upload-model-facts";

const render = (errors: Record<string, string>, open = false) =>
  renderToStaticMarkup(
    createElement(UploadModelFacts, { id: "f", errors, open, onToggle: () => {}, onEdit: () => {}, className: { input: "i", label: "l", hint: "h" } }),
  );

describe("the upload form's model facts group", () => {
  test("a collapsed group with an input for every fact the API takes", () => {
    expect([...MODEL_FACT_INPUTS].sort()).toEqual([...MODEL_FACT_FIELD_NAMES].sort());
    const html = render({});
    expect(html).toMatch(/^<details[^>]*>/);
    expect(html).not.toMatch(/^<details[^>]*open/);
    expect(html).toContain("<summary");
    expect(html).toContain("Model facts (optional)");
    for (const name of MODEL_FACT_FIELD_NAMES) expect(html).toContain(`name="${name}"`);
  });

  test("a refused value is shown under its field, the group open", () => {
    const html = render({ active_params_b: "cannot exceed the total parameters (params_b = 8)" }, true);
    expect(html).toMatch(/^<details[^>]*open/);
    expect(html).toContain('id="f-active_params_b-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("cannot exceed the total parameters");
  });
});
