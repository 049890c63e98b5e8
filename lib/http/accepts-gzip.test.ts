import { describe, expect, test } from "vitest";
import { acceptsGzip } from "./accepts-gzip";

describe("acceptsGzip", () => {
  test.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
  test("no header", () => expect(acceptsGzip(null)).toBe(false));
});
