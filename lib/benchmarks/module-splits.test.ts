import { describe, expect, test } from "vitest";
import { checkedUploadSplit, goldHidden, hasSplits, hidesAnyGold, itemRowsOnSplit, trackSplits, viewSplit } from "./module-splits";
import type { AnyTrack, OneCallBenchmark } from "./types";

const track = (id: string, extra: Partial<AnyTrack> = {}) => ({ id, itemRows: { columns: [] }, ...extra }) as unknown as AnyTrack;
const none = { title: "One", tracks: [track("t")] } as Pick<OneCallBenchmark, "title" | "tracks" | "splits">;
const two = {
  title: "Two",
  splits: [{ id: "dev" }, { id: "test", goldHidden: true }],
  tracks: [track("t"), track("own", { splits: [{ id: "validation" }] })],
} as Pick<OneCallBenchmark, "title" | "tracks" | "splits">;

describe("a module's splits", () => {
  test("none declared: one public split, full; a split is refused as today", () => {
    expect(hasSplits(none)).toBe(false);
    expect(hidesAnyGold(none)).toBe(false);
    expect(trackSplits(none, none.tracks[0]!)).toEqual([{ id: "full" }]);
    expect(checkedUploadSplit(none, none.tracks[0]!, "full")).toEqual({ ok: true, split: "full" });
    expect(checkedUploadSplit(none, none.tracks[0]!, "dev")).toEqual({ ok: false, message: 'split: One has no splits; leave split out (or send "full").' });
    expect(viewSplit(none, none.tracks[0], null)).toEqual({ ok: true, split: "full" });
  });

  test("declared on the benchmark, and on a track of its own: upload splits, hidden gold, a view's default and an unknown split", () => {
    const [t, own] = two.tracks as [AnyTrack, AnyTrack];
    expect(hasSplits(two)).toBe(true);
    expect(hidesAnyGold(two)).toBe(true);
    expect(trackSplits(two, own)).toEqual([{ id: "validation" }]);
    expect(checkedUploadSplit(two, t, "test")).toEqual({ ok: true, split: "test" });
    expect(checkedUploadSplit(two, t, "full")).toMatchObject({ ok: false, message: expect.stringContaining("choose one of dev, test") });
    expect(checkedUploadSplit(two, own, "dev")).toMatchObject({ ok: false, message: expect.stringContaining("choose one of validation") });
    expect([goldHidden(two, t, "test"), goldHidden(two, t, "dev"), goldHidden(two, own, "test")]).toEqual([true, false, false]);
    expect(itemRowsOnSplit(two, t, "test")).toBeUndefined();
    expect(itemRowsOnSplit(two, t, "dev")).toBe(t.itemRows);
    expect(viewSplit(two, t, null)).toEqual({ ok: true, split: "dev" });
    expect(viewSplit(two, t, "test")).toEqual({ ok: true, split: "test" });
    expect(viewSplit(two, t, "full")).toEqual({ ok: false, issue: 'split: "full" is not one of Two\'s splits (dev, test).' });
  });
});
