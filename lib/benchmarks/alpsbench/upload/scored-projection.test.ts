import { describe, expect, it } from "vitest";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { DEFAULT_TEST_LIMITS, KNOWN_IDS } from "@/tests/fixtures/uploads/cases";
import { validateUpload } from "./validate-upload";

/**
 * The content hash covers the scored projection only: were it to cover fields no scorer reads, a Task 3 file with
 * only row 1's `answer` changed would be a new submission, tied at rank 1 with the original.
 */

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text);
}
async function hashOf(track: TrackId, rows: unknown[]): Promise<string> {
  const knownIds = new Set((KNOWN_IDS as Record<string, readonly string[]>)[track]);
  const result = await validateUpload(once(rows.map((row) => JSON.stringify(row)).join("\n")), { track, knownIds, limits: DEFAULT_TEST_LIMITS });
  expect(result.ok, result.fatal ?? "").toBe(true);
  return result.contentSha256!;
}

describe("the content hash is the hash of what scoring reads", () => {
  const [s1, s2, s3] = KNOWN_IDS["task3/d100"];
  const task3 = [
    { benchmark_id: s1, selected_memory_id: "m1", answer: "You like tea.", reason: "m1 says so" },
    { benchmark_id: s2, selected_memory_id: "m7", answer: "Paris.", reason: "r" },
    { benchmark_id: s3, selected_memory_id: "m2", answer: "Blue.", reason: "r" },
  ];

  it("Task 3: changing one row's answer (or reason, or adding a field) keeps the hash; changing a selected id does not", async () => {
    const original = await hashOf("task3/d100", task3);
    expect(await hashOf("task3/d100", [{ ...task3[0], answer: "You like green tea." }, task3[1], task3[2]])).toBe(original);
    expect(await hashOf("task3/d100", [{ ...task3[0], reason: "", note: "x" }, task3[1], task3[2]])).toBe(original);
    // the id written the lenient ways the scorer reads it is the same selection
    expect(await hashOf("task3/d100", [{ ...task3[0], selected_memory_id: " m1 " }, task3[1], task3[2]])).toBe(original);
    expect(await hashOf("task3/d100", [{ ...task3[0], selected_memory_id: "m2" }, task3[1], task3[2]])).not.toBe(original);
  });

  it("Task 1: only an item's memory_id, type, label, value and confidence count; item order counts", async () => {
    const [a, b] = KNOWN_IDS.task1;
    const item = { type: "direct", label: "Preferences/Food", value: "green tea", confidence: 0.9 };
    const other = { type: "indirect", label: "Personal_Background/Occupation", value: "nurse", confidence: 0.5 };
    const rows = [
      { benchmark_id: a, memory_items: [item, other] },
      { benchmark_id: b, memory_items: [] },
    ];
    const original = await hashOf("task1", rows);
    expect(await hashOf("task1", [{ ...rows[0], memory_items: [{ ...item, evidence: "turn 3" }, other], comment: "x" }, rows[1]])).toBe(original);
    expect(await hashOf("task1", [{ ...rows[0], memory_items: [{ ...item, value: "black tea" }, other] }, rows[1]])).not.toBe(original);
    expect(await hashOf("task1", [{ ...rows[0], memory_items: [{ ...item, confidence: 0.8 }, other] }, rows[1]])).not.toBe(original);
    expect(await hashOf("task1", [{ ...rows[0], memory_items: [other, item] }, rows[1]])).not.toBe(original);
  });

  it("Task 4: the responses count, used_memory_fact does not", async () => {
    const [q1, q2] = KNOWN_IDS["task4/ability1"];
    const rows = [
      { benchmark_id: q1, answer: "Sure, tea it is.", used_memory_fact: "likes tea" },
      { benchmark_id: q2, answer: "Hello.", used_memory_fact: "none" },
    ];
    const original = await hashOf("task4/ability1", rows);
    expect(await hashOf("task4/ability1", [{ ...rows[0], used_memory_fact: "something else" }, rows[1]])).toBe(original);
    expect(await hashOf("task4/ability1", [{ ...rows[0], answer: "Sure, coffee it is." }, rows[1]])).not.toBe(original);
  });
});
