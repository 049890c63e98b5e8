import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { importDatasetFromDir } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { seedPacketsRescored } from "@/lib/benchmarks/alpsbench/data/seeds/seed-packets-rescored";
import { REPORTED_SYSTEMS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";
import { scratchDir } from "@/tests/helpers/scratch-dir";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
/** A copy of the mini packets whose stored GPT-4.1-mini outputs equal the gold, so its F1 is 1, not 0. */
function packetsWithPerfectOutputs(): string {
  const dir = path.join(scratchDir("alpsbench-rescored-"), "packets-mini");
  cpSync(path.resolve("tests/fixtures/datasets/packets-mini"), dir, { recursive: true });
  const chunk = path.join(dir, "packets/chunks/chunk_0001");
  for (const name of readdirSync(chunk).filter((n) => n.startsWith("sess_"))) {
    const packet = JSON.parse(readFileSync(path.join(chunk, name), "utf8"));
    packet.task1.llm_outputs["gpt-4.1-mini_again"].memory_items = packet.task1.ground_truth_memories;
    writeFileSync(path.join(chunk, name), JSON.stringify(packet));
  }
  return dir;
}
const GPT41MINI = REPORTED_SYSTEMS.filter((s) => s.packetsModel === "gpt-4.1-mini_again");
const ID = "seed-packets-task1-gpt-4-1-mini";

describe("re-scored packet outputs", () => {
  test("are scored from the packets' stored outputs, and a stale score version is re-scored from them, not from nothing", async () => {
    const PACKETS = packetsWithPerfectOutputs();
    const benchmark = await db.benchmarkVersion.create({ data: { slug: `t-rescored-${Date.now()}`, name: "t", description: "t", source: "t" } });
    await importDatasetFromDir(db, PACKETS, { benchmark: benchmark.slug });
    const f1 = async () => (await db.score.findFirstOrThrow({ where: { submissionId: ID, trackId: "task1", metric: "f1" } })).value;

    expect(await seedPacketsRescored(db, PACKETS, benchmark.id, GPT41MINI)).toEqual({ created: 1, unchanged: 0 });
    const first = await f1();
    expect(first).toBe(1);
    expect(await seedPacketsRescored(db, PACKETS, benchmark.id, GPT41MINI)).toEqual({ created: 0, unchanged: 1 });

    // a scorer-version bump makes the stored run stale: it must be scored again from the packets' outputs
    await db.submission.update({ where: { id: ID }, data: { scorerVersion: "det-0.0.0" } });
    expect(await seedPacketsRescored(db, PACKETS, benchmark.id, GPT41MINI)).toEqual({ created: 1, unchanged: 0 });
    expect(await f1()).toBe(first);
  });
});
