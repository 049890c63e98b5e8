import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, inject, test, vi } from "vitest";
import * as submissionInputs from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { createPrismaClient } from "@/lib/db/create-client";
import { inputsResponse } from "@/app/api/v1/inputs/_lib/inputs-response";
import { heavyReadGateState } from "@/lib/http/heavy-read-gate";

/**
 * Inputs downloads gzipped (issue 29 #5), through the download's dispatch that GET /api/v1/inputs/<track> calls, on
 * the seeded demo data version: the gzip answer and the `.jsonl.gz` file hold exactly the plain answer's lines; the
 * gzip is built once and then served from disk.
 */
const db = createPrismaClient(inject("databaseUrl"));
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "inputs-gzip-"));
process.env.DOWNLOAD_CACHE_DIR = cacheDir;
afterAll(async () => {
  await db.$disconnect();
  rmSync(cacheDir, { recursive: true, force: true });
});

const search = () => new URLSearchParams({ benchmark: "demo" });

describe("inputs downloads, gzipped", () => {
  test("Content-Encoding gzip and the .jsonl.gz file decode to the plain lines; the gzip is built once", async () => {
    const plain = await inputsResponse(db, "task3-d300", search(), "inputs", "no");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.split("\n").filter(Boolean).length).toBe(Number(plain.headers.get("x-alpsbench-instances")));
    expect(text.length).toBeGreaterThan(1000);

    const encoded = await inputsResponse(db, "task3-d300", search(), "inputs", "encoding");
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(encoded.headers.get("vary")).toBe("Accept-Encoding");
    const gz = Buffer.from(await encoded.arrayBuffer());
    expect(Number(encoded.headers.get("content-length"))).toBe(gz.length);
    expect(gz.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(gz).toString("utf8")).toBe(text);

    const file = await inputsResponse(db, "task3-d300", search(), "inputs", "file");
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(file.headers.get("content-disposition")).toMatch(/\.jsonl\.gz"$/);
    expect(gunzipSync(Buffer.from(await file.arrayBuffer())).toString("utf8")).toBe(text);
    // one file for the scope, built by the first request and read by the second
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".gz"))).toHaveLength(1);
    // the plain lines too are a stored file (.raw), not produced from the database again
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".raw"))).toHaveLength(1);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(text));

    const br = await inputsResponse(db, "task3-d300", search(), "inputs", "br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(text);
  });

  test("the plain download is read from its stored file: a second request does not read the inputs' pages again", async () => {
    const first = await inputsResponse(db, "task1", search(), "inputs", "no");
    const text = await first.text();
    const reads = vi.spyOn(submissionInputs, "pageInputs");
    const second = await inputsResponse(db, "task1", search(), "inputs", "no");
    // a stored file is streamed outside the heavy-read gate: only builds take a place in its inputs line
    expect(heavyReadGateState("inputs").running).toBe(0);
    expect(await second.text()).toBe(text);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });

  test("a bad track or parameter is still a 4xx, not a gzip of nothing", async () => {
    expect((await inputsResponse(db, "task9", search(), "inputs", "encoding")).status).toBe(404);
    expect((await inputsResponse(db, "task1", new URLSearchParams({ benchmark: "demo", split: "x" }), "inputs", "file")).status).toBe(400);
  });
});
