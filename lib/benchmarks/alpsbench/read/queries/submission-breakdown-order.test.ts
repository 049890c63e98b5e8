import { describe, expect, test } from "vitest";
import { compareDimensions } from "./submission-breakdown";

describe("dimension order", () => {
  test("UNMAPPED and (none) come after the taxonomy's domains, even when they are the largest group", () => {
    const groups = [
      { track: "task1", dimension: "UNMAPPED", n: 281 },
      { track: "task1", dimension: "Preferences", n: 200 },
      { track: "task1", dimension: "(none)", n: 3 },
      { track: "task1", dimension: "Work", n: 250 },
      { track: "task2", dimension: "Work", n: 1 },
    ];
    expect([...groups].sort(compareDimensions).map((g) => `${g.track}:${g.dimension}`)).toEqual([
      "task1:Work",
      "task1:Preferences",
      "task1:UNMAPPED",
      "task1:(none)",
      "task2:Work",
    ]);
  });
});
