import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { ROOT_BENCHMARK } from "@/lib/benchmarks";
import { snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { resolveBenchmarkName } from "@/lib/benchmarks/resolve-benchmark-name";
import { createPrismaClient } from "@/lib/db/create-client";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { inputsResponse } from "@/app/api/v1/inputs/_lib/inputs-response";

/**
 * A benchmark name nobody declares and nothing imported (a typo) is refused with the names that exist, instead of
 * silently becoming the benchmark at "/" and meeting its validator; a release the benchmark at "/" imported under
 * a slug of its own still resolves to it.
 */
const db = createPrismaClient(inject("databaseUrl"));
let ownerId: string;

async function* bytes(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text);
}
const upload = (benchmark: string, track: string): NewSubmission => ({
  ownerId,
  track,
  split: "full",
  benchmark,
  system: { name: "Unknown Benchmark System", kind: "general_llm" },
  fileName: "p.jsonl",
  body: bytes('{"benchmark_id":"x"}\n'),
});

beforeAll(async () => {
  ownerId = (await db.user.create({ data: { email: `unknown-benchmark-${Date.now()}@example.org` } })).id;
  await db.benchmarkVersion.upsert({
    where: { slug: "t-imported-release" },
    create: { slug: "t-imported-release", name: "An imported release", description: "imported under its own slug", source: "test" },
    update: {},
  });
});
afterAll(() => db.$disconnect());

describe("an unknown benchmark name is refused with the known ones", () => {
  test("an upload naming a module's misspelt id is refused by name, not by the root benchmark's track check", async () => {
    const result = await createSubmission(db, upload("personalllmm", "rewards"));
    expect(result).toMatchObject({ ok: false, code: "not_found" });
    const message = result.ok ? "" : result.message;
    expect(message).toContain('"personalllmm"');
    // the known names: every declared id and data version, and the stored (imported) slugs
    for (const name of ["personalllm", ROOT_BENCHMARK.id, ...capabilitiesOf(ROOT_BENCHMARK).dataVersions, "t-imported-release"]) expect(message).toContain(name);
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
  });

  test("a release imported under its own slug is the root benchmark's; a declared name is its benchmark's", async () => {
    expect(await resolveBenchmarkName(db, "t-imported-release")).toEqual({ ok: true, benchmark: ROOT_BENCHMARK });
    expect(await resolveBenchmarkName(db, undefined)).toEqual({ ok: true, benchmark: ROOT_BENCHMARK });
    expect(await resolveBenchmarkName(db, "personalllm")).toMatchObject({ ok: true, benchmark: { id: "personalllm" } });
    expect(await resolveBenchmarkName(db, "no-such-benchmark")).toMatchObject({ ok: false });
  });

  test("the snapshot and inputs downloads answer 404 naming the known ones", async () => {
    for (const response of [
      await snapshotResponse(db, new URLSearchParams({ benchmark: "alpsbenc" })),
      await inputsResponse(db, ROOT_BENCHMARK.tracks[0]!.id, new URLSearchParams({ benchmark: "alpsbenc" }), "inputs"),
    ]) {
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain('"alpsbenc"');
      expect(body.error.message).toContain("personalllm");
    }
  });
});
