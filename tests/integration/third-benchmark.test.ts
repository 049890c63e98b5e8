import { moderateSubmission } from "@/lib/moderation/moderate-submission";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { getBenchmark, registerBenchmark } from "@/lib/benchmarks";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { createPrismaClient } from "@/lib/db/create-client";
import { runScoreJob } from "@/lib/worker/score-submission";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { thirdBenchmark } from "../fixtures/third-benchmark";
import { bytes, queuedPayload } from "./upload-helpers";
import { heldUploads } from "@/lib/submissions/held-uploads";

/**
 * A third benchmark on the platform with NO platform change: a test-only module (tests/fixtures/third-benchmark.ts)
 * is registered at run time, then an upload of it goes through the one creation path (createSubmission: validation,
 * limits, duplicate rule, Submission row and queue job), the worker's job handler (runScoreJob with the queued
 * job's own payload) and the leaderboard read the API route answers with (leaderboardResponse).
 */
const db = createPrismaClient(inject("databaseUrl"));
const benchmark = thirdBenchmark();
let unregister: () => void;
let ownerId: string;

function upload(text: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    ownerId,
    track: "numbers",
    split: "full",
    benchmark: benchmark.id,
    // another user's public system name is refused (lib/submissions/system-name-check.ts): each uploader has their own
    system: { name: overrides.ownerId && overrides.ownerId !== ownerId ? `Third test system ${overrides.ownerId}` : "Third test system", kind: "general_llm" },
    fileName: "numbers.csv",
    body: bytes(text),
    ...overrides,
  };
}
async function leaderboard() {
  const response = await leaderboardResponse(db, benchmark.id, null, new URLSearchParams());
  expect(response.status).toBe(200);
  return (await response.json()) as { rows: Record<string, unknown>[]; rankedBy: string | null };
}

beforeAll(async () => {
  unregister = registerBenchmark(benchmark);
  ownerId = (await db.user.create({ data: { email: `third-${Date.now()}@example.org` } })).id;
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("a third benchmark module, registered at run time", () => {
  test("the registry refuses to replace a module, and forgets a test module once unregistered", () => {
    expect(() => registerBenchmark(thirdBenchmark())).toThrow(/already registered/);
    const other = registerBenchmark(thirdBenchmark("third-test-two"));
    try {
      expect(getBenchmark("third-test-two")).not.toBeNull();
    } finally {
      // the integration files share one process: a registration left behind would be every later file's
      other();
    }
    expect(getBenchmark("third-test-two")).toBeNull();
    expect(getBenchmark("personalllm")).not.toBeNull();
  });

  test("a bad file is refused before storing, with line and field; an unknown track and a split are refused", async () => {
    const before = await db.submission.count({ where: { ownerId } });
    const bad = await createSubmission(db, upload("item_id,value\na,1\nb,NaN\nzz,3\n"));
    expect(bad).toMatchObject({ ok: false, code: "invalid_file" });
    if (bad.ok) return;
    expect(bad.validation?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ line: 3, field: "value" })]));
    // a file with rows that do not parse still reports the coverage of the rows that do: the track's 3 items, b's row rejected
    expect(bad.validation?.coverage).toMatchObject({ expected: 3, valid: 1, rejected: 1, unknown: 1, missing: 2, missingIds: ["b", "c"], unknownIds: ["zz"] });
    const coverage = await createSubmission(db, upload("item_id,value\na,1\nzz,3\na,4\n"));
    expect(!coverage.ok && coverage.validation?.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 3, field: "item_id", message: expect.stringContaining("unknown") }),
        expect.objectContaining({ line: 4, field: "item_id", message: expect.stringContaining("repeated") }),
        expect.objectContaining({ line: null, field: "item_id", message: expect.stringContaining("2 item(s) missing: b, c") }),
      ]),
    );
    // the coverage the refusal reports is the one computed from the rows: one valid, one unknown, one repeated, two missing
    expect(!coverage.ok && coverage.validation?.coverage).toMatchObject({
      expected: 3,
      valid: 1,
      missing: 2,
      unknown: 1,
      duplicate: 1,
      missingIds: ["b", "c"],
      unknownIds: ["zz"],
      duplicateIds: ["a"],
    });
    expect(await createSubmission(db, upload("item_id,value\na,1\n", { track: "letters" }))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringContaining("known: numbers"),
    });
    expect(await createSubmission(db, upload("item_id,value\na,1\n", { split: "test" }))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await db.submission.count({ where: { ownerId } })).toBe(before);
  });

  test("upload -> queued job -> worker -> leaderboard read, ranked with n and a 95% CI; the same rows again are a 409 duplicate", async () => {
    const created = await createSubmission(db, upload("item_id,value\na,1\nb,2\nc,6\n"));
    expect(created).toMatchObject({ ok: true, status: "queued" });
    if (!created.ok) return;
    const stored = await db.submission.findUniqueOrThrow({ where: { id: created.id }, include: { benchmarkVersion: { select: { slug: true } } } });
    expect(stored).toMatchObject({ tracks: ["third-test/numbers"], source: "upload", benchmarkVersion: { slug: "third-test" } });
    expect(await leaderboard()).toMatchObject({ rows: [] }); // queued: not on the board yet

    // the same predictions written as JSONL, in another order: one submission per content
    const again = await createSubmission(
      db,
      upload('{"value": 6, "item_id": "c"}\n{"item_id": "a", "value": 1}\n{"item_id": "b", "value": 2.0}\n', {
        fileName: "n.jsonl",
        ownerId: (await db.user.create({ data: { email: `third-copy-${Date.now()}@example.org` } })).id,
      }),
    );
    expect(again).toMatchObject({ ok: false, code: "duplicate", existing: { id: created.id } });

    expect(await runScoreJob(db, await queuedPayload(db, created.id), { judge: null })).toBe("done");
    expect(await db.submission.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "done", progressDone: 3, progressTotal: 3 });

    const better = await createSubmission(db, upload("item_id,value\na,10\nb,20\nc,30\n", { system: { name: "Third better system", kind: "general_llm" } }));
    const hidden = await createSubmission(
      db,
      upload("item_id,value\na,100\nb,100\nc,100\n", { visibility: "private", system: { name: "Third private system", kind: "general_llm" } }),
    );
    for (const s of [better, hidden]) {
      if (!s.ok) throw new Error(s.message);
      expect(await runScoreJob(db, await queuedPayload(db, s.id), { judge: null })).toBe("done");
    }

    // the module's board has no reported or server-scored row: with nothing to beat, every upload is held for
    // review (lib/leaderboard/review-hold.ts), off the public board, until a moderator approves it with a note
    const held = await leaderboard();
    expect(held.rows.map((r) => r.system)).toEqual([]);
    for (const s of [better, created]) if (s.ok) expect((await heldUploads(db)).find((h) => h.id === s.id)?.review.state).toBe("pending");
    const admin = (await db.user.create({ data: { email: `third-admin-${Date.now()}@example.org`, role: "admin" } })).id;
    for (const s of [better, created])
      if (s.ok)
        expect(
          await moderateSubmission(db, { submissionId: s.id, actorId: admin, request: { action: "approve", reason: "test module's fixture system" } }),
        ).toMatchObject({ ok: true });

    const board = await leaderboard();
    expect(board.rankedBy).toBe("mean_value");
    // its rows carry the platform's fields and its own, none of another benchmark's check or of a capability it
    // does not declare (no reward service, no synthetic data)
    const fields = Object.keys(board.rows[0]!);
    expect(fields.filter((f) => /^contamination|^rewards_from_service$|^synthetic$/.test(f))).toEqual([]);
    expect(board.rows.map((r) => r.system)).toEqual(["Third better system", "Third test system"]); // private one left out
    const first = board.rows[1]!;
    expect(first).toMatchObject({ tier: "submitted", submission_id: created.id, mean_value: 3, mean_value__n: 3, rank: 2 });
    expect(first.mean_value__ci_low as number).toBeLessThanOrEqual(3);
    expect(first.mean_value__ci_high as number).toBeGreaterThanOrEqual(3);
  });

  test("the daily per-track limit counts the module's track", async () => {
    const limited = (await db.user.create({ data: { email: `third-limit-${Date.now()}@example.org` } })).id;
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await createSubmission(db, upload(`item_id,value\na,${i}\nb,${i}\nc,${i + 0.5}\n`, { ownerId: limited })));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[5]).toMatchObject({ ok: false, code: "limit_reached", message: expect.stringContaining("third-test/numbers") });
  });
});
