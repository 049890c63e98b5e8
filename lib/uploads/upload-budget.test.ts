import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import * as tarStream from "tar-stream";
import { describe, expect, it } from "vitest";
import { readArchive, type ArchiveKind } from "@/lib/archives/read-archive";
import { validateUpload } from "@/lib/benchmarks/alpsbench/upload/validate-upload";
import type { UploadValidation } from "@/lib/submissions/contracts";
import { KNOWN_IDS } from "@/tests/fixtures/uploads/cases";
import { UploadBudget } from "./upload-budget";

/**
 * Issue 19 #10: the archive's limit counted the archive's own decompressed bytes, and every gzip file inside it
 * then had a limit of its own, so an archive of 48 small .jsonl.gz files could make the server inflate 48 times
 * the limit. One budget per request, drawn on by the archive and by every file's gunzip, stops that.
 */
const MB = 1024 * 1024;
const ids = KNOWN_IDS.task1 as readonly string[];
const limits = { maxBytes: 100 * MB, maxDecompressedBytes: 1024 * MB, maxProblems: 20 };

/** A valid Task 1 file of about `megabytes` MB: one row per known id, each with a long memory value. */
function bigValidFile(megabytes: number): Buffer {
  const value = "x".repeat(Math.ceil((megabytes * MB) / ids.length));
  return Buffer.from(
    ids.map((id) => JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Preferences/Food", value, confidence: 0.5 }] })).join("\n") + "\n",
  );
}

async function tarGz(files: Record<string, Buffer>): Promise<Buffer> {
  const pack = tarStream.pack();
  for (const [name, body] of Object.entries(files)) pack.entry({ name, type: "file" }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** What the route does with a run archive: each entry validated in turn, every reader drawing on one budget. */
async function validateEntries(kind: ArchiveKind, archive: Uint8Array, budget: UploadBudget): Promise<{ path: string; result: UploadValidation }[]> {
  const out: { path: string; result: UploadValidation }[] = [];
  for await (const entry of readArchive(kind, once(archive), {
    maxEntries: 10,
    maxTotalBytes: limits.maxDecompressedBytes,
    maxArchiveBytes: limits.maxBytes,
    budget,
  })) {
    const result = await validateUpload(entry.body, { track: "task1", knownIds: new Set(ids), limits, budget });
    out.push({ path: entry.path, result });
    if (!result.ok) break;
  }
  return out;
}

describe("one decompressed-bytes budget per upload request, across nesting levels", () => {
  it.each(["zip", "tar.gz"] as const)("a %s of gzip files: the second file gets only what the first left", async (kind) => {
    const inner = gzipSync(bigValidFile(4));
    const files = { "a/task1/predictions.jsonl.gz": inner, "b/task1/predictions.jsonl.gz": inner, "c/task1/predictions.jsonl.gz": inner };
    const archive = kind === "zip" ? zipSync(files) : await tarGz(files);
    // each file alone fits its own 1 GB limit; together they must fit the request's 6 MB
    const budget = new UploadBudget(6 * MB);
    const results = await validateEntries(kind, archive, budget);
    expect(results.map((r) => r.result.code)).toEqual(["ok", "decompressed_too_large"]);
    expect(results[1]!.result.fatal).toMatch(/^The upload decompresses to more than 6 MB in total \(an archive and the compressed files inside it count together\)/);
    // reading stopped at the budget: at most one more chunk than it allows
    expect(budget.decompressedBytes).toBeLessThanOrEqual(6 * MB + 64 * 1024);
  });

  it("the archive's own bytes count too: plain entries past the budget stop the archive reader", async () => {
    const plain = bigValidFile(4);
    const archive = zipSync({ "a/task1/predictions.jsonl": plain, "b/task1/predictions.jsonl": plain });
    const budget = new UploadBudget(6 * MB);
    await expect(validateEntries("zip", archive, budget)).rejects.toThrow(
      /more than 6291456 bytes once decompressed \(the archive and the compressed files inside it count together/,
    );
  });

  it("three .jsonl.gz files of newlines in one zip (issue 19 #10): the first is refused after 10,000 blank lines", async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from(`${JSON.stringify({ benchmark_id: ids[0], memory_items: [] })}\n`), Buffer.alloc(50 * MB, 0x0a)]));
    const archive = zipSync({ "a/task1/predictions.jsonl.gz": bomb, "b/task1/predictions.jsonl.gz": bomb, "c/task1/predictions.jsonl.gz": bomb });
    const budget = new UploadBudget(limits.maxDecompressedBytes);
    const results = await validateEntries("zip", archive, budget);
    expect(results).toHaveLength(1);
    expect(results[0]!.result).toMatchObject({ ok: false, code: "malformed" });
    expect(results[0]!.result.fatal).toMatch(/^The file has more than 10,000 blank lines/);
    // the zip entry (its ~50 KB of gzip) and a fraction of one inner file's 50 MB, not 150 MB
    expect(budget.decompressedBytes).toBeLessThan(2 * MB);
  });
});
