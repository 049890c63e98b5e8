import { describe, expect, it } from "vitest";
import { downloadStem } from "./download-name";

describe("download file names", () => {
  it("name the data version once", () => {
    expect(`${downloadStem("alpsbench-v1")}-task1-dev-inputs.jsonl`).toBe("alpsbench-v1-task1-dev-inputs.jsonl");
    expect(`${downloadStem("demo")}-task2-test-inputs.jsonl`).toBe("alpsbench-demo-task2-test-inputs.jsonl");
  });
});
