import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { Rng } from "@/lib/benchmarks/alpsbench/data/demo/rng";
import { importInstances } from "@/lib/benchmarks/alpsbench/data/import/import-dataset";
import { REFERENCE_BASELINES, seedReferenceBaselines } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines";
import { seedScoredSubmission } from "@/lib/benchmarks/alpsbench/data/seeds/seed-scored-submission";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { createPrismaClient } from "@/lib/db/create-client";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { createSubmission } from "@/lib/submissions/create-submission";
import { heldUploads } from "@/lib/submissions/held-uploads";
import { bytes, settleLeftoverQueue, scoreToEnd } from "./upload-helpers";

/**
 * Issue 30 #6 and #7 through the upload path (createSubmission, the worker's job, the read API's dispatch), on a data
 * version of its own (the demo's instances, two of its systems re-scored by the server, the reference baselines):
 *  - #7: a perfect Task 2 file (the gold, public in the authors' annotation repository) beats every reported and
 *    server-scored row, so it is held: off the public board, in the moderators' queue with the reason, until a
 *    moderator approves it with a note (then ranked, the note in the audit log and on the row); a rejection takes it
 *    off again;
 *  - #6: a contentless file (three items a row, labels from the five commonest, random types, "The user mentions
 *    topic N") is listed unranked, below a real model's row, with the reason.
 */
const db = createPrismaClient(inject("databaseUrl"));
const run = Date.now().toString(36);
const slug = `t-review-${run}`;
let benchmarkVersionId = "";
let adminId = "";
afterAll(() => db.$disconnect());

type ApiRow = Record<string, unknown>;
async function apiRows(view: string): Promise<ApiRow[]> {
  const response = await leaderboardResponse(db, view, null, new URLSearchParams({ benchmark: slug, split: "full" }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: ApiRow[] }).rows;
}
async function csvOf(view: string): Promise<string> {
  return (await leaderboardResponse(db, view, null, new URLSearchParams({ benchmark: slug, split: "full", format: "csv" }))).text();
}

async function uploadAndScore(name: string, rows: readonly unknown[]): Promise<string> {
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
  return created.id;
}

let perfectId = "";
let contentlessId = "";

beforeAll(async () => {
  await settleLeftoverQueue(db);
  const dataset = getDemoDataset();
  benchmarkVersionId = (await db.benchmarkVersion.create({ data: { slug, name: "t", description: "t", source: "t" } })).id;
  await importInstances(db, dataset.instances, { benchmark: slug, layout: "demo", sourcePath: "generated" });
  // two "real models": the demo's systems, re-scored by the server (tier rescored: part of the bar)
  for (const demo of dataset.systems.slice(0, 2)) {
    const system = await db.system.upsert({
      where: { slug: `${slug}-${demo.slug}` },
      create: { slug: `${slug}-${demo.slug}`, name: demo.name, kind: demo.kind },
      update: {},
    });
    // the demo's synthetic runs are made from the gold: a word added to each Task 2 value, so that the perfect file
    // below is no row-for-row copy of them (the copy check, row-copy.ts) but a new best
    const task2 = (demo.predictions.task2 as { memory_items: { value: unknown }[] }[]).map((r) => ({
      ...r,
      memory_items: r.memory_items.map((m) => ({ ...m, value: `${String(m.value)} roughly` })),
    }));
    await seedScoredSubmission(db, { id: `${slug}-${demo.slug}`, systemId: system.id, benchmarkVersionId, note: null, predictions: { ...demo.predictions, task2 } });
  }
  await seedReferenceBaselines(db, benchmarkVersionId, slug);
  adminId = (await db.user.create({ data: { email: `review-admin-${run}@example.org`, role: "admin" } })).id;

  // Task 2: its gold (the updated memories) is public in the annotation repository, and no contamination check
  // looks at it (Task 1's perfect file would equal Task 2's public inputs, which that check flags already)
  const task2 = await getScorableInstances(db, benchmarkVersionId, "task2");
  // the attacker holds the gold of every split
  const perfect = task2.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: (i.gold as { memory_items: unknown[] }).memory_items }));
  // the attacker's contentless file: labels from the five commonest gold labels, random types, values with no content
  const counts = new Map<string, number>();
  for (const i of task2) for (const m of (i.gold as { memory_items: { label: string }[] }).memory_items) counts.set(m.label, (counts.get(m.label) ?? 0) + 1);
  const common = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([label]) => label);
  const rng = new Rng(`attacker-${run}`);
  const contentless = task2.map((i) => ({
    benchmark_id: i.benchmarkId,
    memory_items: [1, 2, 3].map((k) => ({ label: common[rng.int(common.length)], type: rng.int(2) ? "direct" : "indirect", value: `The user mentions topic ${k}` })),
  }));
  perfectId = await uploadAndScore("Perfect file", perfect);
  contentlessId = await uploadAndScore("Contentless file", contentless);
}, 300_000);

describe("a new best is held for review (issue 30 #7)", () => {
  test("an upload beating every reported and server-scored row is pending review: left off the board, the overview, the API and the CSV; the moderators' queue has it with the reason", async () => {
    const rows = await apiRows("task2");
    expect(rows.find((r) => r.submission_id === perfectId)).toBeUndefined();
    // the real models keep ranks 1 and 2 (the contentless upload ranks below them, marked: issue 39 #2)
    const ranked = rows.filter((r) => r.rank !== null);
    expect(ranked.slice(0, 2).map((r) => [r.rank, r.tier])).toEqual([
      [1, "rescored"],
      [2, "rescored"],
    ]);
    // nor on the overview, nor in the CSV
    expect((await apiRows("overview")).find((r) => r.system === `Perfect file ${run}`)).toBeUndefined();
    expect(await csvOf("task2")).not.toContain(`Perfect file ${run}`);
    const queued = (await heldUploads(db)).find((h) => h.id === perfectId);
    expect(queued?.review).toMatchObject({ state: "pending", reason: expect.stringContaining("reaches the best reported or server-scored row") });
  });

  test("a moderator's approval ranks it, with the note on the row and in the audit log; a rejection takes it off the board again", async () => {
    const note = "Code: https://example.org/perfect-file; system description in the paper";
    const approved = await moderateSubmission(db, { submissionId: perfectId, actorId: adminId, request: { action: "approve", reason: note } });
    expect(approved).toMatchObject({ ok: true, state: { review: { decision: "approved", note } } });
    const audit = await db.auditLog.findMany({ where: { targetId: perfectId, action: "submission.approve" } });
    expect(audit.map((a) => a.reason)).toEqual([note]);
    const row = (await apiRows("task2")).find((r) => r.submission_id === perfectId)!;
    expect(row).toMatchObject({ rank: 1, review_state: "approved", review_note: note, unranked_reason: null });

    const why = "The file is the public gold copied row for row";
    const rejected = await moderateSubmission(db, { submissionId: perfectId, actorId: adminId, request: { action: "reject", reason: why } });
    expect(rejected.ok).toBe(true);
    expect((await apiRows("task2")).find((r) => r.submission_id === perfectId)).toBeUndefined();
    expect((await db.auditLog.findMany({ where: { targetId: perfectId, action: "submission.reject" } })).map((a) => a.reason)).toEqual([why]);
    // a rejection without a reason, and an approval without a note, are refused before anything is written
    expect(await db.submission.findUniqueOrThrow({ where: { id: perfectId }, select: { reviewDecision: true, reviewNote: true } })).toEqual({
      reviewDecision: "rejected",
      reviewNote: why,
    });
  });

  test("the server's own rows are the bar, not reviewed: approving one is refused", async () => {
    const result = await moderateSubmission(db, { submissionId: `seed-baseline-empty-${slug}`, actorId: adminId, request: { action: "approve", reason: "x" } });
    expect(result).toMatchObject({ ok: false, code: "conflict" });
  });
});

describe("a contentless upload is marked as every row below the reference is (issue 30 #6, issue 39 #2)", () => {
  test("the labels-and-types reference row is on the Task 2 board; the contentless upload is ranked below a real model's row, with the mark naming it", async () => {
    const rows = await apiRows("task2");
    const reference = rows.find((r) => r.system_slug === REFERENCE_BASELINES.labelsTypes.slug)!;
    expect(reference).toMatchObject({ kind: "baseline", rank: null });
    const mine = rows.find((r) => r.submission_id === contentlessId)!;
    const real = rows.find((r) => r.rank === 1)!;
    process.stderr.write(
      `[contentless] upload ${String(mine.algo_score_100)}, labels-and-types reference ${String(reference.algo_score_100)}, best real model ${String(real.algo_score_100)}\n`,
    );
    // one rule for every tier: ranked where its figure puts it, with the "below <reference>" mark (a paper row or a
    // re-scored run below the reference carries the same mark), never unranked for it
    expect(mine).toMatchObject({ rank: 3, unranked_reason: null, below_contentless: REFERENCE_BASELINES.labelsTypes.name });
    expect(rows.indexOf(mine)).toBeGreaterThan(rows.indexOf(real));
    // and it is not the review rule that unranks it: it beats nothing
    expect(mine.review_state).toBeNull();
  });
});
