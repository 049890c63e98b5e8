import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { createElement, Fragment } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { moduleSections } from "@/app/submissions/[id]/_components/module-sections";
import { pipelineSections } from "@/app/submissions/[id]/_components/pipeline-sections";
import { getBenchmark, registerBenchmark } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { readEvalUsers } from "@/lib/benchmarks/personalllm/db/read-input";
import { REWARD_ALIASES } from "@/lib/benchmarks/personalllm/reward-models";
import { scoreRewards } from "@/lib/benchmarks/personalllm/rewards-track";
import { RewardsPrediction, type EvalUser } from "@/lib/benchmarks/personalllm/schemas";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { createPrismaClient } from "@/lib/db/create-client";
import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { ITEMS_PAGE_SIZE, moduleItemsPage, readItemsQuery } from "@/lib/db/queries/module-items";
import { queueRescores } from "@/lib/submissions/queue-rescores";
import { runScoreJob } from "@/lib/worker/score-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { createSubmission } from "@/lib/submissions/create-submission";
import { shownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { moduleItemsResponse } from "@/lib/submissions/module-items-response";
import { rewardsCsv } from "../fixtures/personalllm-uploads";
import { thirdBenchmark, thirdTrack } from "../fixtures/third-benchmark";
import { bytes } from "./upload-helpers";

/**
 * Per-item rows of module uploads (ModuleItem): written with the Score rows (one row per PersonalLLM user, the
 * figures the track declares), replaced by a re-score, read a page of 50 at a time sorted by the database, and
 * downloadable by the owner always and by everyone only for a public upload of a track whose items are public.
 */
const db = createPrismaClient(inject("databaseUrl"));
const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-items-"));
const USERS = 60;
let users: EvalUser[];
let ownerId: string;
const unregister: (() => void)[] = [];

function upload(benchmark: string, track: string, fileName: string, data: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return { ownerId, track, split: "full", benchmark, system: { name: `items ${fileName}`, kind: "general_llm" }, fileName, body: bytes(data), ...overrides };
}
async function scored(input: NewSubmission): Promise<string> {
  const created = await createSubmission(db, input);
  if (!created.ok) throw new Error(created.message);
  const { scorerVersion } = await db.submission.findUniqueOrThrow({ where: { id: created.id } });
  await runScoreJob(db, { submissionId: created.id, scoreVersion: scorerVersion! }, { judge: null });
  return created.id;
}
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

beforeAll(async () => {
  writeSynthetic(dir, { users: USERS, prompts: 6 });
  await importBenchmarkFolder(db, dir, () => {});
  users = await readEvalUsers(db);
  ownerId = (await db.user.create({ data: { email: `items-${Date.now()}@example.org` } })).id;
}, 120_000);
afterAll(async () => {
  for (const u of unregister) u();
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("per-item rows of module uploads", () => {
  test("one row per user with the scorer's figures; paged and sorted by the database; a re-score replaces them", async () => {
    const csv = rewardsCsv(
      users.map((u) => u.personId),
      0.3,
    );
    const id = await scored(upload("personalllm", "rewards", "items.csv", csv));
    const expected = scoreRewards(
      { users },
      (parse(csv, { columns: true }) as Record<string, string>[]).map((r) => RewardsPrediction.parse(r)),
    );
    const stored = await db.moduleItem.findMany({ where: { submissionId: id }, orderBy: { position: "asc" } });
    expect(stored).toHaveLength(USERS);
    expect(stored.every((r) => r.scoreVersion === "personalllm/rewards@2")).toBe(true);
    stored.forEach((row, i) => {
      const want = expected.items[i]!;
      expect(row.itemKey).toBe(want.personId);
      expect(row.figures).toEqual({
        score: want.score,
        win_vs_best: want.winVsBest,
        win_vs_gpt4o: want.winVsGpt4o,
        ...Object.fromEntries(REWARD_ALIASES.map((a, k) => [`z_${a}`, want.z[k]])),
      });
    });

    const first = await moduleItemsPage(db, id, { page: 1, sort: "score", dir: "desc" });
    expect(first).toMatchObject({ total: USERS, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(ITEMS_PAGE_SIZE);
    const byScore = [...expected.items].sort((a, b) => b.score - a.score);
    expect(first.rows.map((r) => r.itemKey)).toEqual(byScore.slice(0, ITEMS_PAGE_SIZE).map((u) => u.personId));
    const second = await moduleItemsPage(db, id, { page: 9, sort: "score", dir: "desc" }); // past the end: the last page
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.itemKey)).toEqual(byScore.slice(ITEMS_PAGE_SIZE).map((u) => u.personId));

    // a re-score writes them again in its transaction: a stray row does not survive, the count stays
    await db.moduleItem.create({ data: { submissionId: id, itemKey: "ghost", position: 999, scoreVersion: "old", figures: {} } });
    expect((await queueRescores(db, { id })).queued).toHaveLength(1);
    const { scorerVersion } = await db.submission.findUniqueOrThrow({ where: { id } });
    expect(await runScoreJob(db, { submissionId: id, scoreVersion: scorerVersion! }, { judge: null })).toBe("done");
    expect(await db.moduleItem.count({ where: { submissionId: id } })).toBe(USERS);
    expect(await db.moduleItem.count({ where: { submissionId: id, itemKey: "ghost" } })).toBe(0);

    // downloads: PersonalLLM's items are public, so a visitor reads a public upload's; CSV in the declared columns
    const visitor = await json(await moduleItemsResponse(db, id, null, "json"));
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ total: USERS, track: "rewards", scoreVersion: "personalllm/rewards@2" });
    const csvOut = await (await moduleItemsResponse(db, id, null, "csv")).text();
    const records = parse(csvOut, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(USERS);
    expect(Object.keys(records[0]!).slice(0, 4)).toEqual(["item", "score", "win_vs_best", "win_vs_gpt4o"]);
    expect(Number(records[0]!.score)).toBeCloseTo(expected.items[0]!.score, 10);
  });

  test("its page: the platform's sections, the track's metrics then one page of 50 items, as the submission page picks them", async () => {
    const id = await scored(
      upload(
        "personalllm",
        "rewards",
        "page.csv",
        rewardsCsv(
          users.map((u) => u.personId),
          0.4,
        ),
      ),
    );
    const viewer = { id: ownerId, role: "user" as const };
    const submission = (await shownSubmissionStatus(db, id, viewer))!;
    const page = async (query: string) => {
      const search = new URLSearchParams(query);
      // the page's call (app/submissions/[id]/page.tsx)
      const sections = await capabilitiesOf(getBenchmark("personalllm")!).pageSections(
        (oneCall) => moduleSections(db, oneCall, submission, viewer, search, "PersonalLLM · Rewards"),
        () => pipelineSections(db, submission, viewer, search),
      );
      const stream = await renderToReadableStream(createElement(Fragment, null, sections.notices, sections.results, sections.details));
      await stream.allReady;
      return new Response(stream).text();
    };
    const first = await page("");
    const rowsOf = (html: string, testId: string) =>
      (new RegExp(`data-testid="${testId}"[\\s\\S]*?<tbody[^>]*>([\\s\\S]*?)</tbody>`).exec(html)?.[1] ?? "").match(/<tr\b/g)?.length ?? 0;
    // one row per metric the track declares that the upload has a figure for
    const track = getBenchmark("personalllm")!.tracks.find((t) => t.id === "rewards")!;
    expect(rowsOf(first, "metrics-table")).toBe(track.metrics.filter((m) => submission.metrics[m.id]).length);
    expect(rowsOf(first, "metrics-table")).toBeGreaterThan(0);
    expect(rowsOf(first, "module-items")).toBe(ITEMS_PAGE_SIZE);
    expect(rowsOf(await page("items_page=2"), "module-items")).toBe(USERS - ITEMS_PAGE_SIZE);
  });

  test("a private upload's items: its owner only; a track that keeps items private: its owner only even when public", async () => {
    const csv = rewardsCsv(
      users.map((u) => u.personId),
      0.7,
    );
    const hidden = await scored(upload("personalllm", "rewards", "private.csv", csv, { visibility: "private" }));
    expect((await moduleItemsResponse(db, hidden, null, "json")).status).toBe(404);
    expect((await moduleItemsResponse(db, hidden, { id: ownerId, role: "user" }, "json")).status).toBe(200);

    const module = thirdBenchmark("items-private");
    unregister.push(registerBenchmark(module));
    const id = await scored(upload(module.id, "numbers", "n.csv", "item_id,value\na,1\nb,2\nc,4\n"));
    // this track's board has no other row to compare with, so the upload is held for review (issue 39) and hidden
    // (404) from everyone but its owner and moderators; item privacy is the subject here, so a moderator approves it
    const admin = await db.user.create({ data: { email: `items-admin-${Date.now()}@example.org`, role: "admin" } });
    expect(await moderateSubmission(db, { submissionId: id, actorId: admin.id, request: { action: "approve", reason: "items privacy test" } })).toMatchObject({
      ok: true,
    });
    expect(await db.moduleItem.findMany({ where: { submissionId: id }, orderBy: { position: "asc" }, select: { itemKey: true, figures: true } })).toEqual([
      { itemKey: "a", figures: { value: 1 } },
      { itemKey: "b", figures: { value: 2 } },
      { itemKey: "c", figures: { value: 4 } },
    ]);
    const stranger = (await db.user.create({ data: { email: `items-stranger-${Date.now()}@example.org` } })).id;
    expect((await moduleItemsResponse(db, id, null, "json")).status).toBe(403);
    expect((await moduleItemsResponse(db, id, { id: stranger, role: "user" }, "csv")).status).toBe(403);
    expect((await moduleItemsResponse(db, id, { id: stranger, role: "admin" }, "json")).status).toBe(200);
    expect(await json(await moduleItemsResponse(db, id, { id: ownerId, role: "user" }, "json"))).toMatchObject({ status: 200, body: { total: 3 } });
  });

  test("sorted by item, numeric keys sort as numbers (1, 2, 10, 11), then the other keys as text", async () => {
    const module = thirdBenchmark("items-numeric");
    unregister.push(registerBenchmark(module));
    const id = await scored(upload(module.id, "numbers", "sorted.csv", "item_id,value\na,1\nb,2\nc,4\n"));
    // PersonalLLM's person ids are numbers written as text: a plain text sort reads 0, 1, 10, 11, 2
    await db.moduleItem.createMany({
      data: ["10", "2", "0", "11", "1"].map((itemKey, i) => ({ submissionId: id, itemKey, position: 3 + i, scoreVersion: "v", figures: { value: i } })),
    });
    const keys = async (dir: "asc" | "desc") => (await moduleItemsPage(db, id, { page: 1, sort: "item", dir })).rows.map((r) => r.itemKey);
    expect(await keys("asc")).toEqual(["0", "1", "2", "10", "11", "a", "b", "c"]);
    expect(await keys("desc")).toEqual(["11", "10", "2", "1", "0", "c", "b", "a"]);
    // the page's default order (no sort in its URL) is the same numeric item order
    const page = await moduleItemsPage(db, id, readItemsQuery(thirdTrack.itemRows!, {}));
    expect(page.rows.map((r) => r.itemKey)).toEqual(["0", "1", "2", "10", "11", "a", "b", "c"]);
  });

  test("figures the track's schema refuses: the upload fails as ours and nothing is half-written (no Score, no item)", async () => {
    const broken = thirdBenchmark("items-broken", {
      ...thirdTrack,
      itemRows: { ...thirdTrack.itemRows!, figures: (item) => ({ value: item.value > 3 ? "four" : item.value }) },
    });
    unregister.push(registerBenchmark(broken));
    const id = await scored(upload(broken.id, "numbers", "b.csv", "item_id,value\na,1\nb,2\nc,4\n"));
    expect(await db.submission.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", failureIsOurs: true });
    expect((await db.submission.findUniqueOrThrow({ where: { id } })).failureReason).toMatch(/bad per-item row \(c: value/);
    expect(await db.score.count({ where: { submissionId: id } })).toBe(0);
    expect(await db.moduleItem.count({ where: { submissionId: id } })).toBe(0);
  });
});
