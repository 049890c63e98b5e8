import { describe, expect, it } from "vitest";
import { officialTrackName, parseTrackName, TRACK_IDS } from "./track-ids";

describe("parseTrackName: every name the official harness, its release layout and this site give a track", () => {
  it.each([
    ["task1", "task1"],
    ["task2", "task2"],
    ["task3_d300", "task3/d300"],
    ["task3/d300", "task3/d300"],
    ["task3-d300", "task3/d300"],
    ["task3_d1000", "task3/d1000"],
    ["task4_ability2", "task4/ability2"],
    ["task4/ability2", "task4/ability2"],
    ["task4-ability5", "task4/ability5"],
    ["  TASK4_Ability1 ", "task4/ability1"],
    ["task3/d100/", "task3/d100"],
    ["/task4_ability3", "task4/ability3"],
  ] as const)("%j → %s", (name, track) => {
    expect(parseTrackName(name)).toBe(track);
  });

  it.each(["task3", "task4", "task3_d200", "task4_ability6", "task9", "", "task1/predictions.jsonl", "task3__d100", "task3/d300/x"])("%j → null", (name) => {
    expect(parseTrackName(name)).toBeNull();
  });

  it("reads back every official name and every id", () => {
    for (const track of TRACK_IDS) {
      expect(parseTrackName(track)).toBe(track);
      expect(parseTrackName(officialTrackName(track))).toBe(track);
    }
    expect(TRACK_IDS.map(officialTrackName)).toEqual([
      "task1",
      "task2",
      "task3_d100",
      "task3_d300",
      "task3_d500",
      "task3_d700",
      "task3_d1000",
      "task4_ability1",
      "task4_ability2",
      "task4_ability3",
      "task4_ability4",
      "task4_ability5",
    ]);
  });
});
