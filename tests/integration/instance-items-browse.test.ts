import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { instanceItemsResponse } from "@/lib/benchmarks/alpsbench/read/instance-items-response";
import { getInstanceExplanation, getInstanceResultsPage } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { mayReadPredictions } from "@/lib/submissions/prediction-access";

/**
 * Per-item browsing of a run (GET /api/v1/submissions/{id}/instances, answered by instanceItemsResponse, the route
 * only authenticates): 60 dev, 10 validation and 20 test Task 1 instances scored by the real pipeline for a seed
 * run, a published upload and an unpublished one; one judge verdict on a dev and on a test instance. The test gold
 * and the test verdict carry a marker that must never be served.
 */

const db = createPrismaClient(inject("databaseUrl"));
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const SECRET = `secret-test-gold-${stamp}`;
const JUDGE = `judge:browse-${stamp}`;

type Split = "dev" | "validation" | "test";
const instances = Array.from({ length: 90 }, (_, i) => {
  const split: Split = i < 60 ? "dev" : i < 70 ? "validation" : "test";
  const benchmarkId = `item_${String(i).padStart(3, "0")}`;
  const value = split === "test" ? `${SECRET} ${i}` : i === 7 ? "collects rare orchids" : `likes tea number ${i}`;
  return { benchmarkId, split, gold: { memory_items: [{ memory_id: "m1", type: "direct", label: "Preferences/Food", value, confidence: 0.9 }] } };
});
// the prediction of every fourth instance carries a value only the prediction has
const predictions = instances.map((inst, i) => ({
  benchmark_id: inst.benchmarkId,
  memory_items: i % 4 === 0 ? [{ memory_id: "x", type: "indirect", label: "Zz/Qq", value: "zebra quantum", confidence: 0.1 }] : inst.gold.memory_items,
}));

const ids = { seed: "", published: "", unpublished: "" };
let ownerId = "";
let strangerId = "";
let moderatorId = "";

async function call(id: string, query: string, viewer: { id: string; role: "user" | "admin" } | null) {
  const response = await instanceItemsResponse(db, id, new URLSearchParams(query), viewer);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { items?: Record<string, unknown>[] } };
}

beforeAll(async () => {
  const benchmark = await db.benchmarkVersion.create({ data: { slug: `browse-${stamp}`, name: "Browse test", description: "test", source: "test" } });
  const created = new Map<string, string>();
  for (const inst of instances) {
    const row = await db.instance.create({
      data: {
        benchmarkVersionId: benchmark.id,
        trackId: "task1",
        benchmarkId: inst.benchmarkId,
        split: inst.split,
        input: { dialogue: [{ role: "user", text: inst.benchmarkId === "item_011" ? "I bought a kayak yesterday" : `hello ${inst.benchmarkId}` }] },
        contentHash: inst.benchmarkId,
        gold: { create: { gold: inst.gold } },
      },
    });
    created.set(inst.benchmarkId, row.id);
  }
  ownerId = (await db.user.create({ data: { email: `owner-${stamp}@example.test`, name: "Owner" } })).id;
  strangerId = (await db.user.create({ data: { email: `stranger-${stamp}@example.test`, name: "Stranger" } })).id;
  const system = await db.system.create({ data: { slug: `browse-sys-${stamp}`, name: "Browse System", kind: "general_llm" } });
  const result = scoreTrack(
    "task1",
    instances.map((i) => ({ benchmarkId: i.benchmarkId, input: null, gold: i.gold })),
    predictions.map((value, k) => ({ line: k + 1, value })),
  );
  const make = async (source: "seed" | "upload", publishPredictions: boolean) => {
    const submission = await db.submission.create({
      data: {
        systemId: system.id,
        benchmarkVersionId: benchmark.id,
        tracks: ["task1"],
        split: "full",
        source,
        status: "done",
        visibility: "public",
        publishPredictions,
        ownerId: source === "upload" ? ownerId : null,
        scorerVersion: SCORER_VERSION,
      },
    });
    await db.$transaction((tx) => persistTrackScore(tx, submission.id, benchmark.id, result), { timeout: 60_000 });
    // a judge verdict on one dev and one test instance (the test one must stay unlisted)
    await db.score.create({ data: { submissionId: submission.id, trackId: "task1", metric: "judge_f1", kind: "judge", scoreVersion: JUDGE, value: 0.5, n: 2 } });
    for (const [benchmarkId, verdict] of [
      ["item_003", "the judge says yes"],
      ["item_080", `judge on ${SECRET}`],
    ] as const) {
      await db.instanceResult.create({
        data: { submissionId: submission.id, instanceId: created.get(benchmarkId)!, scoreVersion: JUDGE, metrics: { judge_f1: 0.5 }, detail: { verdict } },
      });
    }
    return submission.id;
  };
  ids.seed = await make("seed", false);
  ids.published = await make("upload", true);
  ids.unpublished = await make("upload", false);
  // both uploads tie the seed run, so the review rule (lib/leaderboard/review-hold.ts) holds them from the public
  // until a moderator approves them; the hold is not what this file tests (publishPredictions is), so approve them
  moderatorId = (await db.user.create({ data: { email: `moderator-${stamp}@example.test`, name: "Moderator", role: "admin" } })).id;
  for (const submissionId of [ids.published, ids.unpublished]) {
    const approved = await moderateSubmission(db, { submissionId, actorId: moderatorId, request: { action: "approve", reason: "Test upload" } });
    if (!approved.ok) throw new Error(`approve failed: ${approved.message}`);
  }
}, 180_000);

afterAll(async () => {
  await db.submission.deleteMany({ where: { id: { in: Object.values(ids).filter(Boolean) } } }).catch(() => undefined);
  await db.benchmarkVersion.deleteMany({ where: { slug: `browse-${stamp}` } }).catch(() => undefined);
  await db.user.deleteMany({ where: { id: { in: [ownerId, strangerId].filter(Boolean) } } }).catch(() => undefined);
  // the approvals' audit entries may keep the moderator: deleted on its own so the others go regardless
  await db.user.deleteMany({ where: { id: moderatorId } }).catch(() => undefined);
  await db.$disconnect();
});

describe("GET /api/v1/submissions/{id}/instances", () => {
  test("a seed run is browsable signed out: dev gold, the kept prediction and the judge verdict; never a test instance", async () => {
    const { status, body } = await call(ids.seed, "split=dev", null);
    expect(status).toBe(200);
    expect(body).toMatchObject({ predictions_public: true, total: 60, page: 1, pages: 2, page_size: 50, withheld_test: 20 });
    const item = body.items!.find((i) => i.benchmark_id === "item_003")!;
    expect(item.gold).toEqual(instances[3]!.gold);
    expect(item.prediction).toEqual({ memory_items: instances[3]!.gold.memory_items });
    expect(item.judge).toEqual([{ score_version: JUDGE, metrics: { judge_f1: 0.5 }, verdict: { verdict: "the judge says yes" } }]);
    expect(body.items!.find((i) => i.benchmark_id === "item_000")!.prediction).toEqual({ memory_items: [expect.objectContaining({ value: "zebra quantum" })] });
    // every page of every split: no test instance, no test gold, no test verdict
    for (const query of ["", "page=2", "split=validation", `q=${encodeURIComponent(SECRET)}`, "q=item_08", "page_size=50&page=2"]) {
      const answer = await call(ids.seed, query, null);
      expect(answer.status).toBe(200);
      // (the search text is echoed back: the rest of the answer must not hold the marker)
      expect(JSON.stringify({ ...answer.body, q: null })).not.toContain(SECRET);
      expect(answer.body.items!.every((i) => i.split === "dev" || i.split === "validation")).toBe(true);
    }
    expect((await call(ids.seed, `q=${encodeURIComponent(SECRET)}`, null)).body.total).toBe(0);
  });

  test("asking for the test split is a 400 that says why, for everyone", async () => {
    for (const viewer of [null, { id: ownerId, role: "user" as const }, { id: strangerId, role: "admin" as const }]) {
      const { status, body } = await call(ids.published, "split=test", viewer);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain("never listed");
    }
  });

  test("a published upload is browsable by a visitor; an unpublished one is a 404 to visitors and strangers, readable by its owner and admins", async () => {
    const published = await call(ids.published, "", null);
    expect(published.status).toBe(200);
    expect(JSON.stringify(published.body)).toContain("zebra quantum");
    for (const viewer of [null, { id: strangerId, role: "user" as const }]) {
      const answer = await call(ids.unpublished, "", viewer);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("zebra quantum");
    }
    for (const viewer of [
      { id: ownerId, role: "user" as const },
      { id: strangerId, role: "admin" as const },
    ]) {
      const answer = await call(ids.unpublished, "", viewer);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ predictions_public: false, total: 70, withheld_test: 20 });
      // the owner too: the test split is counted, never listed
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
    expect((await call("no-such-submission", "", null)).status).toBe(404);
  });

  test("search by instance id, input text or public gold, case-insensitive, with LIKE wildcards taken literally", async () => {
    const byId = await call(ids.seed, "q=ITEM_04", null);
    expect(byId.body.items!.map((i) => i.benchmark_id)).toEqual(Array.from({ length: 10 }, (_, k) => `item_04${k}`));
    expect((await call(ids.seed, "q=kayak", null)).body.items!.map((i) => i.benchmark_id)).toEqual(["item_011"]);
    expect((await call(ids.seed, "q=Rare%20Orchids", null)).body.items!.map((i) => i.benchmark_id)).toEqual(["item_007"]);
    expect((await call(ids.seed, "q=%25", null)).body.total).toBe(0);
    expect((await call(ids.seed, "q=item_0_1", null)).body.total).toBe(0);
  });

  test("paging is bounded: page_size at most 50, pages clamped, bad parameters a 400 naming them", async () => {
    const small = await call(ids.seed, "page_size=7&page=3", null);
    expect(small.body).toMatchObject({ page: 3, page_size: 7, pages: 10, total: 70 });
    expect(small.body.items!.map((i) => i.benchmark_id)).toEqual(instances.slice(14, 21).map((i) => i.benchmarkId));
    expect((await call(ids.seed, "page=999", null)).body).toMatchObject({ page: 2, pages: 2 });
    for (const [query, named] of [
      ["page_size=51", "page_size"],
      ["page_size=0", "page_size"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["split=train", "split"],
      [`q=${"x".repeat(201)}`, "q"],
      ["limit=5", "limit"],
    ] as const) {
      const answer = await call(ids.seed, query, null);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.body), query).toContain(named);
    }
  });
});

describe("the submission page's list and row explanations follow the same rule", () => {
  test("a visitor sees a published upload's predictions, not an unpublished one's", async () => {
    const row = async (id: string) => {
      const s = await db.submission.findUniqueOrThrow({
        where: { id },
        select: { id: true, tracks: true, scorerVersion: true, source: true, publishPredictions: true, ownerId: true },
      });
      const shown = mayReadPredictions(s, null);
      const page = await getInstanceResultsPage(db, s, { showUploadedPredictions: shown, q: "item_000" });
      const explained = await getInstanceExplanation(db, s, "task1", "item_000", { showUploadedPredictions: shown });
      return { page, explained };
    };
    const published = await row(ids.published);
    expect(published.page).toMatchObject({ predictionsShown: true, total: 1 });
    expect(JSON.stringify(published.explained)).toContain("zebra quantum");
    const unpublished = await row(ids.unpublished);
    expect(unpublished.page).toMatchObject({ predictionsShown: false, total: 1 });
    expect(JSON.stringify(unpublished.explained)).not.toContain("zebra quantum");
  });
});
