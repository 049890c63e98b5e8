import { describe, expect, it } from "vitest";
import { canonicalJson, contentSha256, rowDigest } from "./content-hash";

function hashOf(rows: unknown[]): string {
  return contentSha256(new Map(rows.map((row) => [(row as { benchmark_id: string }).benchmark_id, rowDigest(row)])));
}

describe("content hash", () => {
  it("sorts keys at every depth", () => {
    expect(canonicalJson({ b: 1, a: [{ d: "x", c: null }] })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
  });
  it("ignores key order and row order, not values", () => {
    const a = [
      { benchmark_id: "1", memory_items: [{ value: "v", label: "l" }] },
      { benchmark_id: "2", memory_items: [] },
    ];
    const b = [
      { memory_items: [], benchmark_id: "2" },
      { memory_items: [{ label: "l", value: "v" }], benchmark_id: "1" },
    ];
    expect(hashOf(a)).toBe(hashOf(b));
    expect(hashOf([{ ...a[0], memory_items: [{ value: "w", label: "l" }] }, a[1]])).not.toBe(hashOf(a));
    // array order inside a row is content
    expect(hashOf([{ benchmark_id: "1", memory_items: [1, 2] }])).not.toBe(hashOf([{ benchmark_id: "1", memory_items: [2, 1] }]));
  });
});
