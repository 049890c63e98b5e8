import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { moduleContentSha256, validateModuleUpload } from "./prepare-module-file";

/**
 * Validation of a benchmark module's upload with no database (the track's input handed in): the size limits
 * before and after gunzip, an empty or broken gzip file, line-and-field problems, and the content hash that
 * makes the same rows one content however the file is written.
 */
const personalLlm = oneCallOf(getBenchmark("personalllm"))!;
const selection = personalLlm.tracks.find((t) => t.id === "selection")!;
// the selection track's check only reads the users' ids
const input = { users: ["1", "2"].map((personId) => ({ personId, weights: [], testPrompt: "p", bestResponseReward: 0, gpt4oReward: 0 })), prompts: [] };
const limits = { maxBytes: 10_000, maxDecompressedBytes: 20_000, maxProblems: 50 };

async function* bytes(data: string | Buffer): AsyncIterable<Uint8Array> {
  yield Buffer.from(data);
}
const validate = (data: string | Buffer, fileName = "pick.csv") =>
  validateModuleUpload(bytes(data), { benchmark: personalLlm, track: selection, input, fileName, limits });

describe("validateModuleUpload", () => {
  test("a valid CSV: accepted, stored gzipped, rows counted", async () => {
    const result = await validate("person_id,choice\n1,3\n2,8\n");
    expect(result).toMatchObject({ ok: true, format: "csv", gzip: false, rows: 2, problems: [] });
    expect(result.storedGzip?.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  test.each([
    ["too large as sent", "x".repeat(10_001), "pick.csv", "too_large"],
    ["too large once un-gzipped", gzipSync("person_id,choice\n" + "1,3\n".repeat(6000)), "pick.csv.gz", "decompressed_too_large"],
    ["empty", "", "pick.csv", "empty"],
    ["not gzip after the magic bytes", Buffer.from([0x1f, 0x8b, 1, 2, 3]), "pick.csv.gz", "bad_gzip"],
  ])("refused: %s", async (_label, data, name, code) => {
    const result = await validate(data as string | Buffer, name as string);
    expect(result).toMatchObject({ ok: false, code, storedGzip: null });
  });

  test("problems carry line and field; the fatal message names the first", async () => {
    const result = await validate('{"person_id": "1", "choice": 0}\n{"person_id": "2", "choice": 2}\n', "pick.jsonl");
    expect(result).toMatchObject({ ok: false, problems: [{ line: 1, field: "choice" }], coverage: { valid: 1, rejected: 1 } });
    expect(result.fatal).toContain("line 1, field choice");
  });

  test("the content hash ignores format, column order and row order, not values", async () => {
    const csv = await validate("person_id,choice\n1,3\n2,8\n");
    const jsonl = await validate('{"choice": 8, "person_id": "2"}\n{"person_id": 1, "choice": 3}\n', "pick.jsonl");
    const gz = await validate(gzipSync("choice,person_id\n8,2\n3,1\n"), "pick.csv.gz");
    expect(jsonl.contentSha256).toBe(csv.contentSha256);
    expect(gz.contentSha256).toBe(csv.contentSha256);
    expect(
      moduleContentSha256(selection, [
        { person_id: "1", choice: 4 },
        { person_id: "2", choice: 8 },
      ]),
    ).not.toBe(csv.contentSha256);
  });
});
