import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { alpsBenchEee } from "@/lib/benchmarks/alpsbench/eee/hook";
import { leaderboardResponse, snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { REPORTED_SCORE_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { REFERENCE_BASELINES, seedReferenceBaselines } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines";
import { seedScoredSubmission } from "@/lib/benchmarks/alpsbench/data/seeds/seed-scored-submission";
import { instanceItemsResponse } from "@/lib/benchmarks/alpsbench/read/instance-items-response";
import { alpsBenchReviewState } from "@/lib/benchmarks/alpsbench/read/queries/review-state";
import { getComparison, listComparableSystems } from "@/lib/benchmarks/alpsbench/read/queries/system-compare";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { createPrismaClient } from "@/lib/db/create-client";
import { importAggregate } from "@/lib/eee/import-aggregate";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { packResponse } from "@/lib/packs/pack-response";
import { createSubmission } from "@/lib/submissions/create-submission";
import { findShownSubmission, heldFromViewer, shownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { heldUploads } from "@/lib/submissions/held-uploads";
import { bytes, settleLeftoverQueue, scoreToEnd } from "./upload-helpers";

/**
 * Issue 39 #7 and #8: the attack files of the audit, replayed through the upload path (createSubmission, the worker's
 * job), the claim importer and the read API, on a data version of its own (the demo's instances, two of its systems
 * re-scored by the server as the "paper systems", the reference baselines). Each attack must end unranked and in no
 * public result: the board's API and CSV, the snapshot a release freezes, the submission's own reads, its pack.
 *  - the Task 2 input copied with 3 rows trimmed (83.66 under copy-the-input's 83.71 ranked #1 on the real data);
 *  - another system's public Task 2 run with each row's items reversed, and with its memory ids renamed;
 *  - a file tied with the best ranked row at the precision shown (`>` let it share #1);
 *  - an `import-eee` claim of 99.9 (ranked #1 with no review);
 *  - a held gold copy (Score 100), whose exact figure was public on its page, API, pack, system page and compare.
 */
const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
const slug = `t-fair-${run}`;
let benchmarkVersionId = "";
let adminId = "";
afterAll(() => db.$disconnect());

type ApiRow = Record<string, unknown>;
const query = (extra: Record<string, string> = {}) => new URLSearchParams({ benchmark: slug, split: "full", ...extra });
async function apiRows(view: string, extra: Record<string, string> = {}): Promise<ApiRow[]> {
  const response = await leaderboardResponse(db, view, null, query(extra));
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: ApiRow[] }).rows;
}
const csvOf = async (view: string) => (await leaderboardResponse(db, view, null, query({ format: "csv" }))).text();

type Row = { benchmark_id: string; memory_items: Record<string, unknown>[] };
const owners = new Map<string, string>();
async function upload(name: string, rows: readonly Row[]): Promise<string> {
  const ownerId = (await db.user.create({ data: { email: `${name.toLowerCase().replaceAll(" ", "-")}-${run}@example.org` } })).id;
  const created = await createSubmission(db, {
    ownerId,
    track: "task2",
    split: "full",
    benchmark: slug,
    system: { name: `${name} ${run}`, kind: "general_llm" },
    fileName: "task2.jsonl",
    body: bytes(rows.map((r) => JSON.stringify(r)).join("\n")),
  });
  if (!created.ok) throw new Error(created.message);
  await scoreToEnd(db, created.id);
  owners.set(created.id, ownerId);
  return created.id;
}
const copyOf = async (id: string) => ((await db.rowCopy.findUnique({ where: { submissionId: id } }))?.figures ?? null) as { system: string; share: number } | null;
const headline = async (id: string) =>
  (await db.score.findFirstOrThrow({ where: { submissionId: id, trackId: "task2", metric: "algo_score_100" }, select: { value: true } })).value!;

const ids: Record<"trimmedInput" | "reversed" | "renamed" | "tie" | "gold" | "goldAgain", string> = {
  trimmedInput: "",
  reversed: "",
  renamed: "",
  tie: "",
  gold: "",
  goldAgain: "",
};
let claimId = "";
let paperNames: string[] = [];

beforeAll(async () => {
  await settleLeftoverQueue(db);
  const dataset = getDemoDataset();
  benchmarkVersionId = (await db.benchmarkVersion.create({ data: { slug, name: "t", description: "t", source: "t" } })).id;
  await importInstances(db, dataset.instances, { benchmark: slug, layout: "demo", sourcePath: "generated" });
  // the demo's synthetic runs are made from the gold (97 on Task 2): with at most two items a row and a word added to
  // each value they stand where real models do, below a file of its own (the tie below), and no row equals the gold
  const paper = dataset.systems.slice(0, 2).map((demo) => ({
    ...demo,
    predictions: {
      ...demo.predictions,
      task2: (demo.predictions.task2 as Row[]).map((r, k) => ({
        ...r,
        memory_items: r.memory_items.slice(0, k % 2 === 0 ? 2 : 1).map((m) => ({ ...m, value: `${String(m.value)} roughly` })),
      })),
    },
  }));
  for (const demo of paper) {
    const system = await db.system.upsert({
      where: { slug: `${slug}-${demo.slug}` },
      create: { slug: `${slug}-${demo.slug}`, name: demo.name, kind: demo.kind },
      update: {},
    });
    await seedScoredSubmission(db, { id: `${slug}-${demo.slug}`, systemId: system.id, benchmarkVersionId, note: null, predictions: demo.predictions });
  }
  paperNames = paper.map((p) => p.name);
  await seedReferenceBaselines(db, benchmarkVersionId, slug);
  adminId = (await db.user.create({ data: { email: `fair-admin-${run}@example.org`, role: "admin" } })).id;

  const task2 = await getScorableInstances(db, benchmarkVersionId, "task2", undefined, { input: true });
  // (a) the input memory pools, 3 rows trimmed
  const input = task2.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: (i.input as { memory: Row["memory_items"] }).memory }));
  // three dev rows trimmed (a full file must keep every test row)
  const dev = new Set((await getScorableInstances(db, benchmarkVersionId, "task2", ["dev"])).slice(0, 3).map((i) => i.benchmarkId));
  expect(dev.size).toBe(3);
  ids.trimmedInput = await upload(
    "Trimmed input",
    input.filter((r) => !dev.has(r.benchmark_id)),
  );
  // (c) a paper system's public Task 2 run: items reversed; the other's with every memory id renamed
  const first = paper[0]!.predictions.task2 as Row[];
  ids.reversed = await upload(
    "Reversed items",
    first.map((r) => ({ ...r, memory_items: [...r.memory_items].reverse() })),
  );
  const second = paper[1]!.predictions.task2 as Row[];
  ids.renamed = await upload(
    "Renamed ids",
    second.map((r) => ({ ...r, memory_items: r.memory_items.map((m, k) => ({ ...m, memory_id: `z${k}-${run}` })) })),
  );
  // (e) the public gold: a perfect file
  ids.gold = await upload(
    "Gold copy",
    task2.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: (i.gold as Row).memory_items })),
  );
  // (e') the gold again, from another account, while the first is held: a held run is no copy reference
  ids.goldAgain = await upload(
    "Gold again",
    task2.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: [...(i.gold as Row).memory_items].reverse() })),
  );
  // (b) a file of its own (the gold with one made-up item added to each row: no copy of anything), then a reported
  // row with its exact figure, so the file is equal to the best ranked row at the precision shown
  const junk = (k: number) => ({ memory_id: `junk-${k}`, type: "direct", label: "Thoughts/Curiosity", value: `An unrelated remark number ${k}`, confidence: 0.5 });
  ids.tie = await upload(
    "Tie file",
    task2.map((i, k) => ({ benchmark_id: i.benchmarkId, memory_items: [...(i.gold as Row).memory_items, junk(k)] })),
  );
  const tied = await headline(ids.tie);
  // the precondition of the attack: without the reported row it would be #1 (above both paper systems)
  for (const demo of paper) expect(tied).toBeGreaterThan(await headline(`${slug}-${demo.slug}`));
  const paperSystem = await db.system.create({ data: { slug: `${slug}-paper-model`, name: `Earlier Work ${run}`, kind: "general_llm" } });
  const reported = await db.submission.create({
    data: { systemId: paperSystem.id, benchmarkVersionId, tracks: ["task2"], split: "full", source: "reported", status: "done", sourceLabel: "a paper" },
  });
  await db.score.create({
    data: { submissionId: reported.id, trackId: "task2", metric: "algo_score_100", kind: "deterministic", scoreVersion: REPORTED_SCORE_VERSION, value: tied },
  });
  // (d) a claim of 99.9 from another party's Every Eval Ever file
  const claim = await importAggregate(db, alpsBenchEee, slug, "claim.json", {
    schema_version: "0.2.1",
    evaluation_id: `claim/${run}`,
    retrieved_timestamp: "1764288000",
    source_metadata: { source_name: "A blog", source_type: "documentation", source_organization_name: "Some Lab", evaluator_relationship: "first_party" },
    eval_library: { name: "somewhere", version: "1" },
    model_info: { name: `Bold Claim ${run}`, id: `lab/claimed-${run}`, developer: "Some Lab" },
    evaluation_results: [
      {
        evaluation_name: "AlpsBench task2 algo_score_100",
        source_data: { dataset_name: "AlpsBench", source_type: "other" },
        metric_config: { lower_is_better: false, additional_details: { track: "task2", metric: "algo_score_100" } },
        score_details: { score: 99.9, uncertainty: { num_samples: 90 } },
      },
    ],
  });
  if (!claim.ok) throw new Error(JSON.stringify(claim.problems));
  claimId = claim.submissionId;
}, 600_000);

const attackNames = () => [
  `Trimmed input ${run}`,
  `Reversed items ${run}`,
  `Renamed ids ${run}`,
  `Gold copy ${run}`,
  `Gold again ${run}`,
  `Tie file ${run}`,
  `Bold Claim ${run}`,
];

describe("copies are marked as the run they copy and never ranked (issue 39 #7)", () => {
  test("the trimmed input is a copy of 'Copy the input'; reversed items and renamed ids are copies of the paper systems", async () => {
    expect(await copyOf(ids.trimmedInput)).toMatchObject({ system: REFERENCE_BASELINES.copyInput.name, share: 1 });
    expect(await copyOf(ids.reversed)).toMatchObject({ system: paperNames[0], share: 1 });
    expect(await copyOf(ids.renamed)).toMatchObject({ system: paperNames[1], share: 1 });
    // honest files are no copy: the gold and the tie file
    expect(await copyOf(ids.gold)).toBeNull();
    expect(await copyOf(ids.tie)).toBeNull();
  });

  test("a held run is no copy reference: a second gold file is held itself (reaching the moderators), never 'a copy of' the held run", async () => {
    // the copy's public reason would name the held run's system and id, and a copy is only "unranked": off /queue
    expect(await copyOf(ids.goldAgain)).toBeNull();
    const state = await alpsBenchReviewState(db, { id: ids.goldAgain, benchmark: slug, tracks: ["task2"], split: "full" });
    expect(state?.state).toBe("pending");
    expect((await heldUploads(db)).map((h) => h.id)).toContain(ids.goldAgain);
  });

  test("a copy is listed only with flagged=1, unranked, the reason naming the run it copies", async () => {
    const flagged = await apiRows("task2", { flagged: "1" });
    const trimmed = flagged.find((r) => r.submission_id === ids.trimmedInput)!;
    expect(trimmed).toMatchObject({ rank: null, unranked_reason: expect.stringContaining(`A copy of "${REFERENCE_BASELINES.copyInput.name}"`) });
  });

  test("a copy's reason names the run it copies only while that run is public: hidden since, the copy's row names neither it nor its id", async () => {
    const source = (await copyOf(ids.trimmedInput)) as { submissionId: string; system: string } | null;
    expect(source).not.toBeNull();
    const reason = async () => (await apiRows("task2", { flagged: "1" })).find((r) => r.submission_id === ids.trimmedInput)!.unranked_reason as string;
    await db.submission.update({ where: { id: source!.submissionId }, data: { hiddenAt: new Date() } });
    try {
      const hidden = await reason();
      expect(hidden).toMatch(/^A copy of an earlier run that is no longer public: \d+ of its \d+ predicted rows on task2/);
      expect(hidden).not.toContain(source!.system);
      expect(hidden).not.toContain(source!.submissionId);
      expect((await shownSubmissionStatus(db, ids.trimmedInput, null))?.facts.unranked).toBe(hidden);
    } finally {
      await db.submission.update({ where: { id: source!.submissionId }, data: { hiddenAt: null } });
    }
    expect(await reason()).toContain(`A copy of "${source!.system}"`);
  });
});

describe("no attack file is ranked or exported as a result", () => {
  test("the Task 2 board (API, CSV) and the overview rank none of them, and list none by default; the paper systems keep #1 and #2", async () => {
    const rows = await apiRows("task2");
    const names = rows.map((r) => r.system);
    for (const name of attackNames()) expect(names).not.toContain(name);
    expect(rows.filter((r) => r.rank === 1).map((r) => r.system)).not.toContain(`Tie file ${run}`);
    const csv = await csvOf("task2");
    for (const name of attackNames()) expect(csv).not.toContain(name);
    const overview = (await apiRows("overview")).map((r) => r.system);
    for (const name of attackNames()) expect(overview).not.toContain(name);
  });

  test("the tie at the bar and the claim of 99.9 are pending review, in the moderators' queue", async () => {
    const queue = await heldUploads(db);
    const held = new Map(queue.map((h) => [h.id, h.review]));
    expect(held.get(ids.tie)).toMatchObject({ state: "pending", reason: expect.stringContaining("equal at the precision shown counts") });
    expect(held.get(ids.gold)?.state).toBe("pending");
    expect(held.get(claimId)?.state).toBe("pending");
  });

  test("a held gold copy exists for its owner and admins only: status, per-instance reads, pack, system page, compare", async () => {
    const owner = { id: owners.get(ids.gold)!, role: "user" as const };
    const admin = { id: adminId, role: "admin" as const };
    expect(await shownSubmissionStatus(db, ids.gold, null)).toBeNull();
    expect(await findShownSubmission(db, ids.gold, null)).toBeNull();
    expect((await shownSubmissionStatus(db, ids.gold, owner))?.metrics.algo_score_100?.value).toBe(100);
    expect(await shownSubmissionStatus(db, ids.gold, admin)).not.toBeNull();
    expect(await heldFromViewer(db, ids.gold, null)).toBe(true);
    expect(await heldFromViewer(db, ids.gold, owner)).toBe(false);
    await expect(packResponse(db, ids.gold, { viewer: null, ifNoneMatch: null, clientAddress: `pack-${run}` })).rejects.toMatchObject({ code: "not_found" });
    const items = await instanceItemsResponse(db, ids.gold, new URLSearchParams(), null);
    expect(items.status).toBe(404);
    const system = await db.submission.findUniqueOrThrow({ where: { id: ids.gold }, select: { system: { select: { slug: true } } } });
    const compared = await getComparison(db, [system.system.slug, `${slug}-${getDemoDataset().systems[0]!.slug}`], { benchmark: slug, split: "full" });
    // its only public run is held: compare answers as for a system that does not exist, as the system page does (404)
    expect(compared).toBeNull();
    expect((await listComparableSystems(db)).map((s) => s.slug)).not.toContain(system.system.slug);
  });

  test("the snapshot (what a release stores) carries none of them; after a moderator's approval the gold copy ranks", async () => {
    const snapshot = await (await snapshotResponse(db, new URLSearchParams({ benchmark: slug }))).text();
    for (const name of attackNames()) expect(snapshot).not.toContain(name);
    // a release stores this same snapshot (lib/releases/cut-release.ts: "a release equals a download"); this data
    // version of the test's own is no releasable one, so the snapshot is what is checked

    const approved = await moderateSubmission(db, { submissionId: ids.gold, actorId: adminId, request: { action: "approve", reason: "https://example.org/code" } });
    expect(approved.ok).toBe(true);
    expect((await apiRows("task2")).find((r) => r.submission_id === ids.gold)).toMatchObject({ rank: 1, review_state: "approved" });
    expect(await shownSubmissionStatus(db, ids.gold, null)).not.toBeNull();
    const claim = await moderateSubmission(db, { submissionId: claimId, actorId: adminId, request: { action: "reject", reason: "a claim nobody can check" } });
    expect(claim.ok).toBe(true);
    expect((await apiRows("task2")).map((r) => r.system)).not.toContain(`Bold Claim ${run}`);
  });
});

describe("the instances route takes every name of a track and refuses any other (issue 39 #8)", () => {
  // a Task 2 upload, read by its owner (its predictions are not published)
  const read = async (track: string) => instanceItemsResponse(db, ids.reversed, new URLSearchParams({ track }), { id: owners.get(ids.reversed)!, role: "user" });
  test.each(["task3-d1000", "task3_d1000", "task1x", "bogus"])("?track=%s on a run without it is a 400 listing the names", async (track) => {
    const response = await read(track);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/parameter "track"/);
    expect(body.error.message).toMatch(/known tracks: task1, task2|it covers task2/);
  });
  test("an unknown name lists the known tracks; a known one the run lacks lists the run's tracks; task2, task2/ and TASK2 answer", async () => {
    expect(((await (await read("bogus")).json()) as { error: { message: string } }).error.message).toContain("task3_d1000");
    expect(((await (await read("task3-d1000")).json()) as { error: { message: string } }).error.message).toContain("it covers task2");
    for (const name of ["task2", "TASK2", "task2/"]) expect((await read(name)).status).toBe(200);
  });
});
