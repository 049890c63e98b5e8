import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { leaderboardResponse } from "@/lib/benchmarks/hosted-responses";
import { pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { PUBLIC_LOOKUP_SYSTEM } from "@/lib/benchmarks/alpsbench/data/seeds/seed-public-lookup";
import { alpsBench } from "@/lib/benchmarks/alpsbench";
import { SERVER_POOL_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { createSubmission } from "@/lib/submissions/create-submission";
import { POOL_SIZES } from "@/lib/benchmarks/alpsbench/track-ids";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { realDataVersion } from "./real-data-version";
import { bytes, scoreToEnd } from "./upload-helpers";
import { heldUploads } from "@/lib/submissions/held-uploads";

/**
 * The open book of Task 3 on the pools a fresh import builds (SERVER_POOL_VERSION, the authors' protocol), through the
 * real upload path: a file built from public files only (each released packet's query and task3_selected_memory,
 * that value found among the candidates of the server's pool with the same query) scores what the server's
 * "Lookup in the public release" reference row shows, near 1, at no retrieval at all. On a copy of the real data of
 * this file's own (realDataVersion): the upload is found by id and compared with the lookup reference row only, and
 * its hold depends on the reported and reference rows alone (lib/leaderboard/review-hold.ts).
 */
let db: Db;
let dispose = async () => {};
const run = Date.now().toString(36);
let slug = "";
let benchmarkVersionId = "";
afterAll(() => dispose());

type Task3Input = { query: string; candidate_memories: { memory_id: string; value: unknown }[] };
type ApiRow = { system_slug: string; kind: string; rank: number | null; [column: string]: unknown };

beforeAll(async () => {
  if (!hasSharedData) return;
  ({ db, slug, benchmarkVersionId, dispose } = await realDataVersion());
}, 1_200_000);

/** What the authors publish (their annotation repository): every packet's Task 3 query and selected memory. */
async function publicAnswers(): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const chunks = path.join(SHARED_DATA_DIR, "packets/chunks");
  for (const chunk of await readdir(chunks)) {
    for (const file of await readdir(path.join(chunks, chunk))) {
      if (!file.startsWith("sess_")) continue;
      const packet = JSON.parse(await readFile(path.join(chunks, chunk, file), "utf8")) as { task3: { query: string; task3_selected_memory: { value: unknown } } };
      answers.set(packet.task3.query, normalize(packet.task3.task3_selected_memory.value).trim());
    }
  }
  return answers;
}

/** The lookup file for one track, from the server's public inputs (GET /api/v1/inputs/<track>) and the packets. */
async function lookupRows(track: "task3/d100") {
  const answers = await publicAnswers();
  const inputs = await pageInputs(db, { benchmarkVersionId, track, split: null }, null, 10_000);
  return inputs.map((row) => {
    const input = row.input as Task3Input;
    const wanted = answers.get(input.query);
    const pick = input.candidate_memories.find((c) => normalize(c.value).trim() === wanted);
    return { benchmark_id: row.benchmarkId, selected_memory_id: pick?.memory_id ?? null, answer: "", reason: "looked up in the released packet" };
  });
}

async function uploadAndScore(rows: readonly unknown[]): Promise<string> {
  const ownerId = (await db.user.create({ data: { email: `open-book-${run}@example.org` } })).id;
  const created = await createSubmission(db, {
    ownerId,
    track: "task3/d100",
    split: "full",
    benchmark: slug,
    system: { name: `Open book ${run}`, kind: "general_llm" },
    fileName: "task3_d100.jsonl",
    body: bytes(rows.map((r) => JSON.stringify(r)).join("\n")),
  });
  if (!created.ok) throw new Error(created.message);
  await scoreToEnd(db, created.id);
  return created.id;
}

if (requireSharedData && !hasSharedData) throw new Error(`CI needs the real data at ${SHARED_DATA_DIR}`);

describe.runIf(hasSharedData)("the open book of Task 3 on the default pools, uploaded", () => {
  test(
    "the lookup file scores what the lookup reference row shows (near 1); the row is on the board, the API and the CSV at every size",
    { timeout: 900_000 },
    async () => {
      const pools = await db.instance.findMany({ where: { benchmarkVersionId, trackId: "task3/d100" }, select: { meta: true } });
      expect(pools.length).toBeGreaterThan(0);
      for (const pool of pools) expect((pool.meta as { poolSource?: string }).poolSource).toBe(SERVER_POOL_VERSION);
      expect(alpsBench.review?.openBookReferenceSlugs).toContain(PUBLIC_LOOKUP_SYSTEM.slug);

      const uploaded = await uploadAndScore(await lookupRows("task3/d100"));
      const board = (await (await leaderboardResponse(db, "task3", null, new URLSearchParams({ benchmark: slug, split: "full" }))).json()) as { rows: ApiRow[] };
      const lookup = board.rows.find((r) => r.system_slug === PUBLIC_LOOKUP_SYSTEM.slug);
      expect(lookup, "the lookup reference row is on the Task 3 board").toMatchObject({ kind: "baseline", rank: null });
      const figures = POOL_SIZES.map((size) => lookup![`task3/d${size}:recall`] as number);
      // the upload's own figure, as its owner sees it (the board does not show a held row)
      const mine = (await db.score.findFirstOrThrow({ where: { submissionId: uploaded, trackId: "task3/d100", metric: "recall" }, select: { value: true } })).value;
      process.stderr.write(`[open book] lookup reference row ${figures.join(" / ")}; upload ${String(mine)}\n`);
      for (const figure of figures) expect(figure).toBeGreaterThan(0.95);
      expect(mine).toBeCloseTo(figures[0]!, 6);
      // the platform's review rule: above the best honest reference (the lookup row is declared an open book, not a
      // bar), so it is held: off the public board, in the moderators' queue with the reason
      expect(board.rows.find((r) => r.submission_id === uploaded || String(r.system ?? "").startsWith("Open book"))).toBeUndefined();
      const held = (await heldUploads(db)).find((h) => h.id === uploaded);
      expect(held?.review).toMatchObject({ state: "pending", reason: expect.stringMatching(/review/i) });

      const csv = await (await leaderboardResponse(db, "task3", null, new URLSearchParams({ benchmark: slug, split: "full", format: "csv" }))).text();
      expect(csv).toContain(PUBLIC_LOOKUP_SYSTEM.name);
    },
  );
});
