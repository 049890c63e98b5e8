import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseBenchmarkDirs } from "./import-benchmark-dirs";

describe("BENCHMARK_DATA_DIRS", () => {
  test("folders separated by ':' or ',', blanks dropped, resolved against the working directory", () => {
    expect(parseBenchmarkDirs(undefined)).toEqual([]);
    expect(parseBenchmarkDirs(" , ")).toEqual([]);
    expect(parseBenchmarkDirs("/data/pllm-figures:/data/pllm-parquet, rel/dir ")).toEqual(["/data/pllm-figures", "/data/pllm-parquet", path.resolve("rel/dir")]);
  });
});
