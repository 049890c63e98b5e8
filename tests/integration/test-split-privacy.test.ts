import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { predictionsFromPacketOutputs, readPacketOutputs } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { type NoiseDraw, publishTestAggregate } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import { scoreTrack, type TrackScore } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { allScopeInstances, type ScopeInstance } from "@/lib/benchmarks/alpsbench/pipeline/submission-instances";
import { testFigureNoise, testFigureSecret } from "@/lib/benchmarks/alpsbench/pipeline/test-figure-noise";
import { createSubmission } from "@/lib/submissions/create-submission";
import { shownSubmissionStatus } from "@/lib/submissions/held-visibility";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { realDataVersion } from "./real-data-version";
import { bytes, scoreToEnd } from "./upload-helpers";

/**
 * Issue "Hold under attack", finding 4, on the real Task 1 data (2,272 packets, 1,364 test instances): the probe
 * (1 real + 1,363 empty test rows) is refused; with the noise on (TEST_FIGURE_NOISE=on, an operator option), junk
 * filler and a differential pair give noised, rounded figures that do not reveal the instance; dev/validation
 * uploads stay exact. On a copy of the real data of this file's own (realDataVersion); every upload here is private,
 * on Task 1.
 */
// The noise is an operator option (off by default: test figures exact); these tests are about the mechanism when it
// is on. One account makes several test uploads here: the test-upload limits are tested in upload-limits.test.ts.
process.env.TEST_FIGURE_NOISE = "on";
process.env.TEST_SUBMISSIONS_PER_DAY = "100";
let db: Db;
let dispose = async () => {};
const PROBED = "sess_06a69b096098__11106";
let benchmark = "";
let benchmarkVersionId = "";
let ownerId = "";
let testInstances: ScopeInstance[] = [];
let devIds: string[] = [];
/** gpt-5.2's released outputs by benchmark id */
let model = new Map<string, unknown[]>();
let gold = new Map<string, unknown[]>();

const jsonl = (rows: readonly unknown[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
const JUNK = [{ memory_id: "m1", type: "direct", label: "Zz/Zz", value: "qqqq xxxx", confidence: 0.5 }];

function upload(rows: readonly unknown[], split: NewSubmission["split"], name: string): NewSubmission {
  return { ownerId, track: "task1", split, benchmark, system: { name, kind: "general_llm" }, fileName: "p.jsonl", body: bytes(jsonl(rows)), visibility: "private" };
}

async function uploadAndScore(rows: readonly unknown[], split: NewSubmission["split"], name: string) {
  const created = await createSubmission(db, upload(rows, split, name));
  if (!created.ok) throw new Error(created.message);
  await scoreToEnd(db, created.id, { chunkSize: 2500 });
  const scores = await db.score.findMany({ where: { submissionId: created.id, scoreVersion: SCORER_VERSION }, orderBy: { metric: "asc" } });
  const note = (await db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { note: true } })).note;
  return { id: created.id, note, scores: new Map(scores.map((s) => [s.metric, { value: s.value, n: s.n, ciLow: s.ciLow, ciHigh: s.ciHigh }])) };
}

const row = (id: string, items: unknown[]) => ({ benchmark_id: id, memory_items: items });
/** Exact figures as the worker computes them for a test-split upload (same instances and order; the published
 * figures do not depend on the bootstrap seed: their interval is not a bootstrap one). */
const exact = (rows: readonly unknown[]): TrackScore =>
  scoreTrack(
    "task1",
    testInstances,
    rows.map((value, i) => ({ line: i + 1, value })),
    { seed: "exact" },
  );
/** What the mechanism publishes for exact figures under a draw (default: no noise, the rounding alone). */
const published = (result: TrackScore, draw: NoiseDraw = () => 0.5) =>
  new Map(Object.entries(result.metrics).map(([m, a]) => [m, publishTestAggregate("task1", m, a, draw).aggregate]));
/** The figures the worker must have stored for submission `id`: its own draws under the server's secret. */
const expectedFor = async (result: TrackScore, id: string) => published(result, testFigureNoise(await testFigureSecret(db), id, "task1"));

beforeAll(async () => {
  if (!hasSharedData) return;
  ({ db, slug: benchmark, benchmarkVersionId, dispose } = await realDataVersion());
  ownerId = (await db.user.create({ data: { email: `privacy-${Date.now()}@example.org` } })).id;
  // the Task 1 gold and splits as the import stored them
  const task1 = await db.instance.findMany({
    where: { benchmarkVersionId, trackId: "task1" },
    select: { benchmarkId: true, split: true, gold: { select: { gold: true } } },
    orderBy: { benchmarkId: "asc" },
  });
  gold = new Map(task1.map((i) => [i.benchmarkId, (i.gold!.gold as { memory_items: unknown[] }).memory_items]));
  devIds = task1.filter((i) => i.split === "dev").map((i) => i.benchmarkId);
  testInstances = await allScopeInstances(db, { submissionId: "none", benchmarkVersionId, track: "task1", splits: ["test"] }, false);
  const outputs = predictionsFromPacketOutputs(await readPacketOutputs(SHARED_DATA_DIR), "gpt-5.2").rows;
  model = new Map(outputs.map((r) => [r.benchmark_id, r.memory_items]));
}, 900_000);
afterAll(async () => {
  await dispose();
});

describe.runIf(requireSharedData)("test-split privacy on the real Task 1 data (issue 'Hold under attack', finding 4)", () => {
  test("the probe (1 real + 1,363 empty test rows, private, split=test) is refused with 422 naming the counts; nothing is stored", async () => {
    expect(testInstances).toHaveLength(1364);
    expect(testInstances.some((i) => i.benchmarkId === PROBED)).toBe(true);
    const rows = testInstances.map((i) => row(i.benchmarkId, i.benchmarkId === PROBED ? gold.get(PROBED)! : []));
    const before = await db.submission.count();
    const result = await createSubmission(db, upload(rows, "test", "Probe"));
    expect(result).toMatchObject({ ok: false, code: "invalid_file" }); // invalid_file answers 422
    if (result.ok) return;
    expect(result.message).toMatch(/^1,363 of 1,364 test rows \(99\.9 %\) have an empty prediction/);
    expect(result.validation?.coverage.test).toEqual({ expected: 1364, covered: 1364, missing: 0, empty: 1363 });
    expect(await db.submission.count()).toBe(before);
  });

  test("junk filler instead of empty rows: stored figures are rounded and value x n is not the instance's score", async () => {
    const rows = testInstances.map((i) => row(i.benchmarkId, i.benchmarkId === PROBED ? gold.get(PROBED)! : JUNK));
    const truth = exact(rows);
    const probed = truth.instances.find((i) => i.benchmarkId === PROBED)!;
    // the attack works on exact figures: value x n is the probed instance's score
    expect(truth.metrics.f1!.value! * 1364).toBeCloseTo(probed.metrics.f1!, 9);
    const { id, scores, note } = await uploadAndScore(rows, "test", "Junk probe");
    // stored: the exact figures with this submission's noise, rounded, with the conservative interval
    expect(scores).toEqual(await expectedFor(truth, id));
    expect(scores.get("f1")!.value).toBeLessThanOrEqual(0.05);
    for (const [metric, stored] of scores) {
      // the pooled recalls are withheld: one instance holds too large a share of their denominator for useful noise
      if (metric === "direct_recall" || metric === "indirect_recall") continue;
      expect(stored.value, metric).not.toBeNull();
      expect(stored.value! * stored.n!, metric).not.toBeCloseTo(probed.metrics[metric] ?? -1, 6);
    }
    expect(note).toMatch(/random noise and rounded \(.*f1 to 0\.01.*algo_score_100 to 1/);
    // its page and API mark the noised figures: AlpsBench's TestFigureNoise row, read through its upload facts
    const shown = await shownSubmissionStatus(db, id, { id: ownerId, role: "user" });
    expect(shown?.facts.noised?.steps).toMatchObject({ f1: 0.01, direct_recall: null });
    expect(shown?.facts.fields.testFigureNoise).toEqual(shown?.facts.noised);
  }, 300_000);

  test("a differential pair (two test files differing in one instance): each stores the mechanism's figures under its own draws", async () => {
    const base = testInstances.map((i) => row(i.benchmarkId, model.get(i.benchmarkId) ?? []));
    const exactA = exact(base);
    // the pair: instance X predicted (A) or replaced by its gold (B), the first X for which that changes F1
    let pair: { id: string; rows: unknown[]; exactB: TrackScore } | null = null;
    for (const instance of testInstances.slice(0, 200)) {
      if (instance.benchmarkId === PROBED) continue;
      const rows = base.map((r) => (r.benchmark_id === instance.benchmarkId ? row(instance.benchmarkId, gold.get(instance.benchmarkId)!) : r));
      const exactB = exact(rows);
      if (exactB.metrics.f1!.value !== exactA.metrics.f1!.value) {
        pair = { id: instance.benchmarkId, rows, exactB };
        break;
      }
    }
    expect(pair).not.toBeNull();
    const a = await uploadAndScore(base, "test", "Pair A");
    const b = await uploadAndScore(pair!.rows, "test", "Pair B");
    expect(a.scores).toEqual(await expectedFor(exactA, a.id));
    expect(b.scores).toEqual(await expectedFor(pair!.exactB, b.id));
    // independent draws (a per-submission key): the difference of the two is noise, not the instance's score change
    const diff = (pair!.exactB.metrics.f1!.value! - exactA.metrics.f1!.value!) * 1364;
    expect(diff).toBeGreaterThan(0);
    const draws = [a.id, b.id].map(async (id) => testFigureNoise(await testFigureSecret(db), id, "task1")("f1"));
    const [drawA, drawB] = await Promise.all(draws);
    expect(drawA).not.toBe(drawB);
  }, 600_000);

  test("a dev-split upload is stored exactly as before (no rounding, seed = submission id, no note)", async () => {
    const rows = devIds.map((id) => row(id, model.get(id) ?? []));
    const { id, scores, note } = await uploadAndScore(rows, "dev", "Dev upload");
    const devInstances = await allScopeInstances(db, { submissionId: id, benchmarkVersionId, track: "task1", splits: ["dev"] }, false);
    const reference = scoreTrack(
      "task1",
      devInstances,
      rows.map((value, i) => ({ line: i + 1, value })),
      { seed: id },
    );
    for (const [metric, a] of Object.entries(reference.metrics)) {
      expect(scores.get(metric), metric).toEqual({ value: a.value, n: a.n, ciLow: a.ciLow, ciHigh: a.ciHigh });
    }
    expect(note).toBeNull();
  }, 300_000);
});
