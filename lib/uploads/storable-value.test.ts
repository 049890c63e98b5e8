import { describe, expect, it } from "vitest";
import { scanStorable } from "./storable-value";

/** Review pass #6: the walk was recursive, so a row parsed again from JSON text (no stream depth check) overflowed the stack. */
describe("scanStorable: depth", () => {
  const deep = (levels: number) => JSON.parse(`{"id":"x","items":${"[".repeat(levels)}${"]".repeat(levels)}}`) as unknown;

  it("refuses a row nested 20,000 levels deep at its top-level field, without overflowing the stack", () => {
    expect(scanStorable(deep(20_000)).refusal).toEqual({ field: "items", message: "nested more than 64 levels deep (the row object is level 1)" });
  });

  it("accepts 64 levels (the row object is level 1) and refuses 65", () => {
    expect(scanStorable(deep(63)).refusal).toBeNull();
    expect(scanStorable(deep(64)).refusal?.field).toBe("items");
  });

  it("still reports the first finding in document order, keys before their values", () => {
    const row = { a: ["ok", { b: "\u0001" }], "k\u0000": "v\u0000", z: "\u0000" };
    expect(scanStorable(row)).toEqual({
      refusal: { field: '"k\\u0000"', message: "this key contains the character U+0000 (NUL) at character 2, which cannot be stored: remove it" },
      warning: { field: "a[1].b", message: "contains the control character U+0001 at character 1 (kept as written)" },
    });
  });
});
