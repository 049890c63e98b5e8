import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { getBenchmark } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { importBenchmarkFolder } from "@/lib/benchmarks/import-benchmark-folder";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { loadBenchmarkView } from "@/lib/benchmarks/load-benchmark-view";
import { readEvalUsers, readPrompts } from "@/lib/benchmarks/personalllm/db/read-input";
import { scoreRewards } from "@/lib/benchmarks/personalllm/rewards-track";
import { RewardsPrediction } from "@/lib/benchmarks/personalllm/schemas";
import { scoreChoices } from "@/lib/benchmarks/personalllm/selection-track";
import { writeSynthetic } from "@/lib/benchmarks/personalllm/synthetic/write-synthetic";
import { parse } from "csv-parse/sync";
import { createPrismaClient } from "@/lib/db/create-client";
import { runScoreJob } from "@/lib/worker/score-submission";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { NewSubmission } from "@/lib/submissions/contracts";
import { rewardsCsv, selectionChoice, writeSelectionParquet } from "../fixtures/personalllm-uploads";
import { bytes } from "./upload-helpers";

/**
 * PersonalLLM uploads through the platform path (createSubmission -> queue -> runScoreJob -> loadBenchmarkView):
 * the module's row schema and coverage check refuse bad files with line and field before anything is stored;
 * an accepted rewards CSV (gzipped) and a selection parquet are scored by the module's pure scorers (the stored
 * aggregates equal a direct call) and appear in the module's views as "submitted" rows beside the others.
 */
const db = createPrismaClient(inject("databaseUrl"));
/** the job payload creation queued: the submission's own (module track) score version */
const payloadOf = async (submissionId: string) => ({
  submissionId,
  scoreVersion: (await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { scorerVersion: true } })).scorerVersion!,
});
const dir = mkdtempSync(path.join(os.tmpdir(), "pllm-upload-"));
const personalLlm = oneCallOf(getBenchmark("personalllm"))!;
let ownerId: string;
let personIds: string[];

function upload(track: string, fileName: string, data: string | Buffer, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    ownerId,
    track,
    split: "full",
    benchmark: "personalllm",
    system: { name: `pllm upload ${track}`, kind: "general_llm" },
    fileName,
    body: bytes(data),
    ...overrides,
  };
}

beforeAll(async () => {
  writeSynthetic(dir, { users: 12, prompts: 6 });
  await importBenchmarkFolder(db, dir, () => {});
  personIds = (await readEvalUsers(db)).map((u) => u.personId);
  ownerId = (await db.user.create({ data: { email: `pllm-upload-${Date.now()}@example.org` } })).id;
}, 120_000);
afterAll(async () => {
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("PersonalLLM uploads on the platform path", () => {
  test("refused before storing: missing, unknown and repeated users, a non-finite score, an unknown column value; each with line and field", async () => {
    const before = await db.submission.count();
    const csv = rewardsCsv(personIds, 0.5).split("\n");
    // line 2: NaN score; line 3: an unknown user; line 4 repeats line 5's user; the last user missing
    csv[1] = csv[1]!.replace(/,[^,]+$/, ",NaN");
    csv[2] = csv[2]!.replace(/^[^,]+/, "999999");
    csv[3] = csv[3]!.replace(/^[^,]+/, personIds[3]!);
    const text = csv.filter((l, i) => i !== personIds.length).join("\n");
    const refused = await createSubmission(db, upload("rewards", "r.csv", text));
    expect(refused).toMatchObject({ ok: false, code: "invalid_file" });
    expect(!refused.ok && refused.validation?.problems).toEqual([
      expect.objectContaining({ line: 2, field: expect.stringMatching(/^score_/), message: expect.stringContaining("finite") }),
    ]);
    // the row-level problems first; without the bad row (so every line moves up one), the coverage problems
    const coverage = await createSubmission(db, upload("rewards", "r.csv", csv.filter((l, i) => i !== 1 && i !== personIds.length).join("\n")));
    expect(!coverage.ok && coverage.validation?.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, field: "person_id", message: expect.stringContaining("unknown person_id") }),
        expect.objectContaining({ line: 4, field: "person_id", message: expect.stringContaining("repeated") }),
        expect.objectContaining({ line: null, field: "person_id", message: expect.stringContaining("missing") }),
      ]),
    );
    const choice = await createSubmission(db, upload("selection", "s.jsonl", personIds.map((id) => JSON.stringify({ person_id: id, choice: 9 })).join("\n")));
    expect(!choice.ok && choice.validation?.problems[0]).toMatchObject({ line: 1, field: "choice", message: "choice must be an integer 1-8" });
    expect(await db.submission.count()).toBe(before);
  });

  test("a gzipped rewards CSV and a selection parquet: queued, scored by the module's scorers, shown as submitted rows with n and CIs", async () => {
    const csv = rewardsCsv(personIds, 0.4);
    const rewards = await createSubmission(db, upload("rewards", "rewards.csv.gz", gzipSync(csv)));
    expect(rewards).toMatchObject({ ok: true, status: "queued", validation: { format: "csv", gzip: true, rows: personIds.length } });
    const parquetFile = path.join(dir, "selection.parquet");
    writeSelectionParquet(parquetFile, personIds);
    const selection = await createSubmission(db, upload("selection", "selection.parquet", readFileSync(parquetFile)));
    expect(selection).toMatchObject({ ok: true, validation: { format: "parquet" } });
    if (!rewards.ok || !selection.ok) return;
    for (const id of [rewards.id, selection.id]) expect(await runScoreJob(db, await payloadOf(id), { judge: null })).toBe("done");

    const users = await readEvalUsers(db);
    const rows = (parse(csv, { columns: true }) as Record<string, string>[]).map((r) => RewardsPrediction.parse(r));
    const expected = scoreRewards({ users }, rows);
    const main = await loadBenchmarkView(db, personalLlm, "", new URLSearchParams());
    const row = main && main.ok ? main.view.board.rows.find((r) => r.submissionId === rewards.id) : undefined;
    expect(row).toMatchObject({ tier: "submitted", systemName: "pllm upload rewards" });
    for (const metric of ["total_score", "win_rate_vs_best_response", "win_rate_vs_gpt4o"]) {
      const want = expected.metrics[metric]!;
      expect(row!.cells[metric]).toMatchObject({ value: want.value, n: personIds.length, ciLow: want.ciLow, ciHigh: want.ciHigh });
    }
    expect(row!.cells.total_score!.ciLow).toBeLessThan(row!.cells.total_score!.ciHigh!);
    // every reward score was uploaded: no "rewards from service" label, in the read model or the API row
    expect(row!.rewardsFromService ?? null).toBeNull();
    const api = (await (await leaderboardResponse(db, personalLlm.id, null, new URLSearchParams())).json()) as { rows: Record<string, unknown>[] };
    expect(api.rows.find((r) => r.submission_id === rewards.id)).toMatchObject({ rewards_from_service: null });

    const prompts = await readPrompts(db);
    const chosen = scoreChoices({ users, prompts }, new Map(personIds.map((id, i) => [id, selectionChoice(i)])));
    const view = await loadBenchmarkView(db, personalLlm, "selection", new URLSearchParams());
    const board = view && view.ok ? view.view.board : null;
    const selected = board?.rows.find((r) => r.submissionId === selection.id);
    expect(selected).toMatchObject({ tier: "submitted", cells: { total_score: { value: chosen.metrics.total_score!.value, n: personIds.length } } });
    expect(board?.rows.map((r) => r.systemName)).toContain("Per-user oracle"); // beside the in-app baselines
    // the rewards upload is not on the selection view, nor the selection upload on the rewards one
    expect(board?.rows.some((r) => r.submissionId === rewards.id)).toBe(false);
    const rewardsView = await loadBenchmarkView(db, personalLlm, "rewards", new URLSearchParams());
    expect(rewardsView && rewardsView.ok && rewardsView.view.board.rows.map((r) => r.submissionId)).toEqual(expect.arrayContaining([rewards.id]));
    expect(rewardsView && rewardsView.ok && rewardsView.view.board.rows.some((r) => r.submissionId === selection.id)).toBe(false);

    // the same predictions as JSONL: a duplicate of the CSV upload (canonical rows, not bytes)
    const jsonl = rows.map((r) => JSON.stringify(r)).join("\n");
    expect(await createSubmission(db, upload("rewards", "again.jsonl", jsonl))).toMatchObject({ ok: false, code: "duplicate", existing: { id: rewards.id } });
  });
});
