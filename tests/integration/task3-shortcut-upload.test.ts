import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { pageInputs } from "@/lib/benchmarks/alpsbench/read/queries/submission-inputs";
import { getView } from "@/lib/benchmarks/alpsbench/read/queries/view";
import { applyTableQuery } from "@/lib/leaderboard/apply-table-query";
import { parseTableQuery } from "@/lib/leaderboard/table-state";
import { TASK_VIEWS } from "@/lib/benchmarks/alpsbench/read/views";
import { REFERENCE_BASELINES } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reference-baselines";
import { DEFAULT_POOL_VERSION, SERVER_POOL_LABELS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { normalize } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { createSubmission } from "@/lib/submissions/create-submission";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { realDataVersion } from "./real-data-version";
import { bytes, scoreToEnd } from "./upload-helpers";

/**
 * Issue 19 #3 through the real upload path, on the pools a fresh import builds by default (importRealData, as
 * `npm start` and `alpsbench import` run it): the file that picks, for each Task 3 instance, the candidate the same
 * dialogue's public Task 2 input shows (recall 1.0 on server-pools-v1) scores like a random pick, as the server's
 * seeded random-candidate reference row does, and ranks below an honest word-overlap upload. On the real data
 * (2,272 instances; the fixture packets hold 2, too few to tell a random pick from any other), on a copy of the real
 * data of this file's own (realDataVersion). Its two uploads are found by id, and the only other rows compared with
 * them are reference rows.
 */
let db: Db;
let dispose = async () => {};
const run = Date.now().toString(36);
let slug = "";
let benchmarkVersionId = "";
afterAll(() => dispose());

type Candidate = { memory_id: string; value: unknown };
type Task3Input = { query: string; candidate_memories: Candidate[] };

beforeAll(async () => {
  if (!hasSharedData) return;
  ({ db, slug, benchmarkVersionId, dispose } = await realDataVersion());
}, 900_000);

/** What anyone downloads (GET /api/v1/inputs/<track>): the same reader the route pages with. */
async function inputsOf(track: TrackId) {
  return pageInputs(db, { benchmarkVersionId, track, split: null }, null, 10_000);
}

/**
 * The attack: keep the candidates the same id's Task 2 input shows (else any Task 2 input's) and take the last
 * (the first would be the server's first-candidate reference row when every candidate is kept, and refused as its copy).
 */
async function shortcutRows() {
  const key = (v: unknown) => normalize(v).trim();
  const task2 = new Map(
    (await inputsOf("task2")).map((row) => [row.benchmarkId, new Set((row.input as { memory: { value: unknown }[] }).memory.map((m) => key(m.value)))]),
  );
  const anywhere = new Set([...task2.values()].flatMap((s) => [...s]));
  return (await inputsOf("task3/d100")).map((row) => {
    const candidates = (row.input as Task3Input).candidate_memories;
    const seen = task2.get(row.benchmarkId) ?? anywhere;
    const pick = candidates.findLast((c) => seen.has(key(c.value))) ?? candidates[0]!;
    return { benchmark_id: row.benchmarkId, selected_memory_id: pick.memory_id, answer: "", reason: "Task 2 input" };
  });
}

/** An honest system: the candidate sharing most words with the query (the server's BM25 row is a reference, unranked). */
async function honestRows() {
  const words = (v: unknown) =>
    new Set(
      normalize(v)
        .split(/\W+/)
        .filter((w) => w.length > 2),
    );
  return (await inputsOf("task3/d100")).map((row) => {
    const input = row.input as Task3Input;
    const query = words(input.query);
    const overlap = (c: Candidate) => [...words(c.value)].filter((w) => query.has(w)).length;
    const pick = input.candidate_memories.reduce((best, c) => (overlap(c) > overlap(best) ? c : best));
    return { benchmark_id: row.benchmarkId, selected_memory_id: pick.memory_id, answer: "", reason: "word overlap" };
  });
}

async function uploadAndScore(name: string, rows: readonly unknown[]): Promise<string> {
  const ownerId = (await db.user.create({ data: { email: `${name.toLowerCase().replaceAll(" ", "-")}-${run}@example.org` } })).id;
  const created = await createSubmission(db, {
    ownerId,
    track: "task3/d100",
    split: "full",
    benchmark: slug,
    system: { name: `${name} ${run}`, kind: "general_llm" },
    fileName: "task3_d100.jsonl",
    body: bytes(rows.map((r) => JSON.stringify(r)).join("\n")),
  });
  if (!created.ok) throw new Error(created.message);
  await scoreToEnd(db, created.id);
  return created.id;
}

/** P(X >= k) for X ~ Binomial(n, p): how surprising k hits would be for a pick at random. */
function binomialTail(n: number, p: number, k: number): number {
  let term = (1 - p) ** n;
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= ((n - i) / (i + 1)) * (p / (1 - p));
  }
  return Math.max(0, 1 - below);
}

if (requireSharedData && !hasSharedData) throw new Error(`CI needs the real data at ${SHARED_DATA_DIR}`);

describe.runIf(hasSharedData)("the Task 2-input shortcut on the default pools, uploaded", () => {
  test("scores like the random-candidate reference row and ranks below an honest word-overlap upload", { timeout: 600_000 }, async () => {
    const pools = await db.instance.findMany({ where: { benchmarkVersionId, trackId: "task3/d100" }, select: { meta: true } });
    expect(pools.length).toBeGreaterThan(0);
    for (const pool of pools) expect((pool.meta as { poolSource?: string }).poolSource).toBe(SERVER_POOL_LABELS[DEFAULT_POOL_VERSION]);

    const attack = await uploadAndScore("Shortcut", await shortcutRows());
    const honest = await uploadAndScore("Honest overlap", await honestRows());
    const parsed = parseTableQuery({});
    if (!parsed.ok) throw new Error(parsed.issues.join("; "));
    const table = applyTableQuery(await getView(db, TASK_VIEWS.task3, { benchmark: slug, split: "full" }), parsed.query);
    const cell = "task3/d100:recall";
    const rowOf = (test: (r: (typeof table.rows)[number]) => boolean) => table.rows.find(test)!;
    const attackRow = rowOf((r) => r.submissionId === attack);
    const honestRow = rowOf((r) => r.submissionId === honest);
    const randomRow = rowOf((r) => r.systemSlug === REFERENCE_BASELINES.randomCandidate.slug);
    const figure = (row: typeof attackRow) => row.cells[cell]!.value as number;
    const n = attackRow.cells[cell]!.n as number;
    // a random pick's expected recall: one in (distractors + 1)
    const candidates = (await inputsOf("task3/d100")).map((row) => (row.input as Task3Input).candidate_memories.length);
    const p = candidates.reduce((sum, c) => sum + 1 / c, 0) / candidates.length;
    const hits = Math.round(figure(attackRow) * n);
    process.stderr.write(
      `[shortcut] n ${n}, shortcut recall ${figure(attackRow)}, random reference ${figure(randomRow)}, expected at random ${p.toFixed(4)}, honest overlap ${figure(honestRow)}\n`,
    );
    // as many hits as a pick at random could plausibly make (v1: every one, a tail probability of p^n)
    expect(binomialTail(n, p, hits)).toBeGreaterThan(0.001);
    expect(Math.abs(figure(attackRow) - figure(randomRow))).toBeLessThanOrEqual(Math.max(figure(randomRow), p) + 3 * Math.sqrt((p * (1 - p)) / n));
    expect(figure(honestRow)).toBeGreaterThan(figure(attackRow));
    expect(table.ranks.get(honestRow.rowId)).toBeLessThan(table.ranks.get(attackRow.rowId) ?? Number.POSITIVE_INFINITY);
  });
});
