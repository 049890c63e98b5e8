import { describe, expect, test } from "vitest";
import { formatAllowedAt } from "./refusal-advice";
import { nextAllowedTime } from "./upload-limits";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-26T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("rolling-window limits", () => {
  test("one more fits while fewer than the limit are in the window; else it fits when the limit-th newest leaves", () => {
    expect(nextAllowedTime([ago(DAY / 2)], 2, DAY, now)).toBeNull();
    // two in the window, limit 2: the older of them (the 2nd newest) must leave
    expect(nextAllowedTime([ago(DAY / 2), ago(DAY / 4)], 2, DAY, now)).toBe(ago(DAY / 2).getTime() + DAY);
    // three in the window, limit 2: the 2nd newest must leave (then one remains)
    expect(nextAllowedTime([ago(3 * 3600_000), ago(2 * 3600_000), ago(3600_000)], 2, DAY, now)).toBe(ago(2 * 3600_000).getTime() + DAY);
    // events outside the window do not count
    expect(nextAllowedTime([ago(2 * DAY), ago(DAY / 4)], 2, DAY, now)).toBeNull();
  });

  test("a limit of 0 never allows one", () => {
    expect(nextAllowedTime([], 0, DAY, now)).toBe(Infinity);
  });

  test("the time said is rounded up to the minute, in UTC", () => {
    expect(formatAllowedAt(new Date("2026-11-27T14:04:10.000Z"))).toBe("2026-11-27 14:05 UTC");
    expect(formatAllowedAt(new Date("2026-11-27T14:04:00.000Z"))).toBe("2026-11-27 14:04 UTC");
  });
});
