import { describe, expect, it } from "vitest";
import { DARK_TEXT, LIGHT_TEXT, VIRIDIS_STOPS, contrastRatio, normalise, textColorOn, viridis } from "./color-scale";

describe("viridis", () => {
  it.each([
    [0, "#440154"],
    [1, "#fde725"],
    [0.5, "#21918c"],
    [-3, "#440154"],
    [7, "#fde725"],
    [Number.NaN, "#440154"],
  ])("viridis(%s) = %s", (t, hex) => expect(viridis(t)).toBe(hex));

  it("interpolates between stops", () => {
    // halfway between stop 0 (#440154) and stop 1 (#443983)
    expect(viridis(1 / 12)).toBe("#441d6c");
  });
});

describe("normalise", () => {
  it.each([
    [0.5, 0, 1, 0.5],
    [0.3, 0.2, 0.4, 0.5],
    [2, 0, 1, 1],
    [-1, 0, 1, 0],
    [0.7, 0.7, 0.7, 0.5],
  ])("normalise(%s, %s, %s) = %s", (v, lo, hi, out) => expect(normalise(v, lo, hi)).toBeCloseTo(out, 10));
});

describe("textColorOn", () => {
  it.each([
    ["#440154", LIGHT_TEXT],
    ["#31688e", LIGHT_TEXT],
    ["#35b779", DARK_TEXT],
    ["#fde725", DARK_TEXT],
  ])("on %s the text is %s", (bg, fg) => expect(textColorOn(bg)).toBe(fg));

  it("every colour of the scale gets text at WCAG AA for normal text (4.5:1)", () => {
    for (let i = 0; i <= 100; i++) {
      const bg = viridis(i / 100);
      expect(contrastRatio(bg, textColorOn(bg)), bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("rejects a colour it cannot parse, naming it", () => {
    expect(() => textColorOn("red")).toThrow(/"red"/);
  });

  it("keeps the stops of app/globals.css", () => {
    expect(VIRIDIS_STOPS).toHaveLength(7);
  });
});
