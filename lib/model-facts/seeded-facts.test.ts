import { describe, expect, test } from "vitest";
import { writableFacts } from "./seeded-facts";

const stored = (facts: Partial<Parameters<typeof writableFacts>[0]> = {}) => ({
  paramsB: null,
  activeParamsB: null,
  license: null,
  openWeights: null,
  releaseDate: null,
  modelUrl: null,
  paperUrl: null,
  codeUrl: null,
  ...facts,
});

describe("which facts the seed may write", () => {
  test("a fact still holding the seed's earlier value, or never written and empty; not one someone changed or cleared", () => {
    const record = { paramsB: 400, license: "llama4", releaseDate: "2025-04-05" };
    const row = stored({ paramsB: 400, license: "LicenseRef-admin", releaseDate: null, codeUrl: "https://example.org/code" });
    const writable = writableFacts(row, record, { paramsB: 401, license: "llama4", releaseDate: "2025-04-05" });
    expect(writable).toContain("paramsB"); // the seed's own 400: its correction goes in
    expect(writable).not.toContain("license"); // an admin's value
    expect(writable).not.toContain("releaseDate"); // cleared by an admin
    expect(writable).not.toContain("codeUrl"); // set by someone else, never by the seed
    expect(writable).toContain("modelUrl"); // never written, empty
  });

  test("dates compare as YYYY-MM-DD", () => {
    const row = stored({ releaseDate: new Date("2025-04-05T00:00:00Z") });
    expect(writableFacts(row, { releaseDate: "2025-04-05" }, { releaseDate: "2025-04-06" })).toContain("releaseDate");
  });

  test("a row the seed never recorded: the seed's values win, a fact it does not give is kept", () => {
    const row = stored({ license: "old", codeUrl: "https://example.org/code" });
    const writable = writableFacts(row, null, { license: "MIT" });
    expect(writable).toContain("license");
    expect(writable).not.toContain("codeUrl");
  });
});
