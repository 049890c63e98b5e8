import { describe, expect, test } from "vitest";
import { footerBenchmarkFor, type FooterCredit } from "./footer-benchmark";

const personalLlm: FooterCredit = {
  id: "personalllm",
  title: "PersonalLLM",
  citation: "Zollo, Siah et al., PersonalLLM: Tailoring LLMs to Individual Preferences, ICLR 2025",
  dataLicence: "CC-BY-4.0",
  codeLicence: "Apache-2.0",
  url: "https://huggingface.co/datasets/namkoong-lab/PersonalLLM",
};

describe("the footer credits the benchmark a page shows", () => {
  test("a module's pages credit the module (not AlpsBench, WildChat and ODC-BY)", () => {
    expect(footerBenchmarkFor("/benchmarks/personalllm", [personalLlm])).toBe(personalLlm);
    expect(footerBenchmarkFor("/benchmarks/personalllm/selection", [personalLlm])).toBe(personalLlm);
  });

  test("every other page, and an unknown module, is AlpsBench's", () => {
    for (const path of ["/", "/tasks/task1", "/submit", "/benchmarks", "/benchmarks/nope", "/about"])
      expect(footerBenchmarkFor(path, [personalLlm]), path).toBeNull();
  });
});
