import { describe, expect, test } from "vitest";
import { resolveTrackParam } from "./track-param";

const benchmark = {
  pipeline: { parseTrack: (name: string) => ({ a: "one/a", "one-a": "one/a", one_a: "one/a", b: "two" })[name.toLowerCase()] ?? null, knownTracks: "one_a, two" },
};

describe("a track parameter of a submission read", () => {
  test("takes every name of a covered track", () => {
    for (const name of ["a", "one-a", "ONE_A"]) expect(resolveTrackParam(benchmark, name, ["one/a"])).toEqual({ ok: true, track: "one/a" });
  });
  test("an unknown name is refused with the names the benchmark takes; a known one the submission lacks with its tracks", () => {
    expect(resolveTrackParam(benchmark, "bogus", ["one/a"])).toEqual({ ok: false, message: expect.stringContaining("known tracks: one_a, two") });
    expect(resolveTrackParam(benchmark, "b", ["one/a"])).toEqual({ ok: false, message: expect.stringContaining("it covers one/a") });
  });
});
