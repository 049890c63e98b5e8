import { describe, expect, test } from "vitest";
import { lineProgress } from "./import-progress";

describe("plain progress lines (CI, e2e setup, server logs)", () => {
  test("a line at the start, one per interval with count, percent and ETA, one at the end", () => {
    let now = 0;
    const lines: string[] = [];
    const progress = lineProgress((line) => lines.push(line), { everyMs: 2000, now: () => now });
    const phase = progress.phase("write", 1000, "rows");
    now = 1000;
    phase.tick(100); // within the interval: silent
    now = 2000;
    phase.tick(150); // 250 rows in 2 s: 750 to go at 125 rows/s
    now = 8000;
    phase.tick(750);
    phase.done("42 distinct Task 3 memories");
    expect(lines).toEqual(["write: 1,000 rows", "write: 250/1,000 rows (25%), ETA 6.0 s", "write: 1,000 rows in 8.0 s (42 distinct Task 3 memories)"]);
  });

  test("never silent longer than the interval while ticks come in", () => {
    let now = 0;
    const stamps: number[] = [];
    const phase = lineProgress(() => stamps.push(now), { everyMs: 2000, now: () => now }).phase("compare", 10_000, "instances");
    for (let i = 0; i < 9_999; i++) {
      now += 3;
      phase.tick();
    }
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2003);
    expect(stamps.length).toBeGreaterThan(10);
  });
});
