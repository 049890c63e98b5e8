import { describe, expect, test } from "vitest";
import { twoSplitBenchmark } from "@/tests/fixtures/two-split-benchmark";
import { pipelineBenchmark } from "@/tests/fixtures/pipeline-benchmark";
import { capabilitiesOf } from "./hosted-capabilities";
import type { OneCallBenchmark, OwnPipeline } from "./types";

/**
 * The capabilities a dispatcher once chose by the kind of benchmark (worker, submission page, items download,
 * readiness, offline `score`, starter run), as the chooser resolves them: the benchmark's own, else the platform's
 * default on its one-call members, else none.
 */
const oneCall = twoSplitBenchmark("chooser-two-split");
const own = pipelineBenchmark("chooser-own");
const ownStep = own.pipeline!.scoreStep!;
// one-call members and a scoring step of its own: the platform's one-call scorer never scores it
const both = { ...twoSplitBenchmark("chooser-both"), pipeline: { scoreStep: ownStep } };
const platformStep: NonNullable<OwnPipeline["scoreStep"]> = async () => "done";

describe("the chooser's resolution of what dispatchers used to fork on", () => {
  test("scoring: its own step, else the platform's on its one-call members", () => {
    const given: OneCallBenchmark[] = [];
    const platform = (b: OneCallBenchmark) => (given.push(b), platformStep);
    expect(capabilitiesOf(oneCall).scoring(platform)).toBe(platformStep);
    expect(given).toEqual([oneCall]);
    expect(capabilitiesOf(own).scoring(platform)).toBe(ownStep);
    expect(capabilitiesOf(both).scoring(platform)).toBe(ownStep);
    expect(given).toEqual([oneCall]);
  });

  test("page sections: the platform's for what its one-call scorer scored, else the benchmark's own", () => {
    const pick = (b: typeof oneCall | typeof own) =>
      capabilitiesOf(b).pageSections(
        (m) => `platform ${m.id}`,
        () => "own",
      );
    expect([pick(oneCall), pick(own), pick(both)]).toEqual(["platform chooser-two-split", "own", "own"]);
  });

  test("item rows: a one-call track's on a split whose gold is public; none on a hidden one or without one-call tracks", () => {
    const items = capabilitiesOf(oneCall).itemRows("chooser-two-split/answers", "dev");
    expect(items?.track).toBe("answers");
    expect(items?.decl).toBe(oneCall.tracks[0]!.itemRows);
    expect(capabilitiesOf(oneCall).itemRows("chooser-two-split/answers", "test")).toBeNull();
    expect(capabilitiesOf(oneCall).itemRows("chooser-two-split/other", "dev")).toBeNull();
    expect(capabilitiesOf(oneCall).itemRows(null, "dev")).toBeNull();
    expect(capabilitiesOf(own).itemRows(own.tracks[0]!.id, "full")).toBeNull();
  });

  test("readiness and the offline scorer: of one-call tracks only", async () => {
    const body = await capabilitiesOf(oneCall).readiness(null as never);
    expect(body).toEqual({ benchmark: "chooser-two-split", ready: true, tracks: [{ track: "answers", ready: true, missing: null }] });
    expect(await capabilitiesOf(own).readiness(null as never)).toBeNull();
    expect(capabilitiesOf(oneCall).scoreFile).not.toBeNull();
    expect(capabilitiesOf(own).scoreFile).toBeNull();
  });

  test("a starter run's upload: one file per one-call track on a declared split, else the run's folder", () => {
    const files = [{ path: "answers.jsonl", track: "answers", rows: 3, text: "" }];
    const perFile = capabilitiesOf(oneCall).starterUpload;
    expect(perFile.refusal("dev")).toBeNull();
    expect(perFile.refusal("validation")).toBe('--split: "validation" is not a Two splits (test only) split; choose one of dev, test');
    expect(perFile.command(files, "out", "chooser-two-split", "dev")).toBe(
      'submit --benchmark chooser-two-split --track answers --split dev --file out/answers.jsonl --model "Starter" --wait',
    );
    const folder = capabilitiesOf(own).starterUpload;
    expect(folder.refusal("validation")).toBeNull();
    expect(folder.command(files, "out", "chooser-own-v1", "dev")).toMatch(/^submit --dir out --benchmark chooser-own-v1 /);
  });

  test("snapshot scorer version: the platform's snapshot names each one-call track's scorer without being built; an own snapshot is read", () => {
    expect(capabilitiesOf(oneCall).snapshotScorerVersion).toBe(oneCall.tracks.map((t) => `${t.id}@${t.scorerVersion}`).join(", "));
    const ownSnapshot = { ...oneCall, pipeline: { snapshotAnswer: own.pipeline!.snapshotAnswer! } };
    expect(capabilitiesOf(ownSnapshot as typeof oneCall).snapshotScorerVersion).toBeNull();
    expect(capabilitiesOf(own).snapshotScorerVersion).toBeNull();
  });
});
