import { describe, expect, test } from "vitest";
import { COPY_SHARE, fingerprintRows, MIN_SHARED, rowFingerprint } from "./row-copy";

const item = (id: string, label: string, value: string, type = "direct", confidence = 0.9) => ({ memory_id: id, type, label, value, confidence });
const row = { benchmark_id: "b1", memory_items: [item("m1", "Preferences/Food", "Likes spicy ramen"), item("m2", "Possessions/Car", "Drives a red Volvo")] };

describe("a row's fingerprint (the copy check)", () => {
  test("item order, memory ids, confidences, case and spaces of values are set aside", () => {
    const base = rowFingerprint("task2", row)!.hash;
    const reversed = { ...row, memory_items: [...row.memory_items].reverse() };
    const renamed = { ...row, memory_items: row.memory_items.map((m, k) => ({ ...m, memory_id: `zz${k}`, confidence: 0.1 })) };
    const recased = { ...row, memory_items: row.memory_items.map((m) => ({ ...m, value: `  ${m.value.toUpperCase()} ` })) };
    for (const copy of [reversed, renamed, recased]) expect(rowFingerprint("task2", copy)!.hash).toBe(base);
  });

  test("another value, label or type, another instance or another track is another fingerprint", () => {
    const base = rowFingerprint("task2", row)!.hash;
    const edits = [
      { ...row, memory_items: [row.memory_items[0], { ...row.memory_items[1], value: "Drives a blue Volvo" }] },
      { ...row, memory_items: [row.memory_items[0], { ...row.memory_items[1], label: "Possessions/Home" }] },
      { ...row, memory_items: [row.memory_items[0], { ...row.memory_items[1], type: "indirect" }] },
      { ...row, benchmark_id: "b2" },
    ];
    for (const edit of edits) expect(rowFingerprint("task2", edit)!.hash).not.toBe(base);
    expect(rowFingerprint("task1", row)!.hash).not.toBe(base);
  });

  test("empty rows are stored but never compared; the first row of an id is the one scored", () => {
    const rows = [row, { ...row, memory_items: [] }, { benchmark_id: "b3", memory_items: [] }];
    const { all, compared } = fingerprintRows("task2", rows);
    expect(all).toHaveLength(2);
    expect(compared).toEqual([rowFingerprint("task2", row)!.hash]);
  });

  test("the stated thresholds", () => {
    expect(COPY_SHARE).toBe(0.2);
    expect(MIN_SHARED).toBe(3);
  });
});
