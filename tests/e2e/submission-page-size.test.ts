import { gzipSync } from "node:zlib";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { INSTANCES_PER_PAGE } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { persistTrackScore } from "@/lib/benchmarks/alpsbench/pipeline/persist-track-score";
import { scoreTrack } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { sessionCookieHeader } from "./sign-in";
import { e2eDb } from "./submissions-helpers";

/**
 * A heavy but valid upload's submission page through the built site (issue 19 #6: a 34 MB gzip upload with 800
 * items per Task 1 row made its owner's page 75 MB of HTML in 24 s). The fixture is written to the e2e database
 * directly: 150 public instances of a benchmark of its own, an upload of 800 items per row (some 19 MB of JSON),
 * scored by the real scorer and writer. Its owner's page must be one page of rows under 300 KB; every row can
 * still be reached (pages, the explanation of an opened row, the full per-instance download).
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const run = randomUUID().slice(0, 8);
const PUBLIC = 150;
const ITEMS_PER_ROW = 800;
const MAX_HTML = 300 * 1024;
let db: Db;
let submissionId = "";
let ownerCookie = "";

const instances = Array.from({ length: PUBLIC }, (_, i) => ({
  benchmarkId: `big_${String(i).padStart(3, "0")}`,
  gold: {
    memory_items: [
      { memory_id: "m1", type: "direct", label: "Preferences/Food", value: `likes green tea number ${i}`, confidence: 0.9 },
      { memory_id: "m2", type: "indirect", label: "Work/Experience", value: `works the night shift ${i}`, confidence: 0.7 },
    ],
  },
}));
const rows = instances.map((inst, i) => ({
  benchmark_id: inst.benchmarkId,
  memory_items: Array.from({ length: ITEMS_PER_ROW }, (_, k) => ({
    memory_id: `p${k}`,
    type: "direct",
    label: "Preferences/Food",
    value: k === 0 ? `likes green tea number ${i}` : `a padding memory that matches nothing in particular, item ${k}`,
    confidence: 0.5,
  })),
}));

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  const owner = await sessionCookieHeader(baseUrl, databaseUrl, { email: `big-page-${run}@example.org` });
  ownerCookie = owner.cookie;
  const benchmark = await db.benchmarkVersion.create({ data: { slug: `big-page-${run}`, name: "Heavy page", description: "e2e", source: "test" } });
  await db.instance.createMany({
    data: instances.map((inst) => ({
      benchmarkVersionId: benchmark.id,
      trackId: "task1",
      benchmarkId: inst.benchmarkId,
      split: "dev" as const,
      input: { dialogue: [{ role: "user", text: `hello ${inst.benchmarkId}` }] },
      meta: { source: "demo", stratum: "Preferences/Food" },
      contentHash: inst.benchmarkId,
    })),
  });
  const ids = new Map(
    (await db.instance.findMany({ where: { benchmarkVersionId: benchmark.id }, select: { id: true, benchmarkId: true } })).map((r) => [r.benchmarkId, r.id]),
  );
  await db.instanceGold.createMany({ data: instances.map((inst) => ({ instanceId: ids.get(inst.benchmarkId)!, gold: inst.gold })) });
  const system = await db.system.create({ data: { slug: `big-page-${run}`, name: `Big Page ${run}`, kind: "general_llm", ownerId: owner.userId } });
  const file = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  expect(file.length).toBeGreaterThan(15_000_000);
  const submission = await db.submission.create({
    data: {
      systemId: system.id,
      ownerId: owner.userId,
      benchmarkVersionId: benchmark.id,
      tracks: ["task1"],
      split: "full",
      source: "upload",
      status: "done",
      visibility: "private",
      scorerVersion: "det-1.0.0",
      fileName: "big.jsonl",
      fileBytes: gzipSync(Buffer.from(file)),
      fileSize: file.length,
      finishedAt: new Date(),
      startedAt: new Date(),
    },
    select: { id: true },
  });
  submissionId = submission.id;
  const score = scoreTrack(
    "task1",
    instances.map((i) => ({ benchmarkId: i.benchmarkId, input: null, gold: i.gold })),
    rows.map((value, k) => ({ line: k + 1, value })),
  );
  await db.$transaction((tx) => persistTrackScore(tx, submissionId, benchmark.id, score), { timeout: 120_000 });
}, 300_000);

afterAll(async () => {
  await db?.benchmarkVersion.deleteMany({ where: { slug: `big-page-${run}` } }).catch(() => undefined);
  await db?.$disconnect();
});

const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: { cookie: ownerCookie } });
const rowIds = (html: string) => [...html.matchAll(/data-testid="instance-row" data-benchmark-id="([^"]+)"/g)].map((m) => m[1]!);

describe("a heavy upload's page, as its owner sees it", () => {
  test("under 300 KB of HTML with one page of 50 rows; every page reachable", async () => {
    const response = await get(`/submissions/${submissionId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThan(MAX_HTML);
    expect(rowIds(html)).toEqual(instances.slice(0, INSTANCES_PER_PAGE).map((i) => i.benchmarkId));
    // none of the file's 120,000 items is in the page
    expect(html).not.toContain("a padding memory");

    const last = await (await get(`/submissions/${submissionId}?track=task1&page=${PUBLIC / INSTANCES_PER_PAGE}`)).text();
    expect(Buffer.byteLength(last)).toBeLessThan(MAX_HTML);
    expect(rowIds(last)).toEqual(instances.slice(PUBLIC - INSTANCES_PER_PAGE).map((i) => i.benchmarkId));
  });

  test("an opened row is explained from its stored result, bounded; the download has every row", async () => {
    const opened = await get(`/api/v1/submissions/${submissionId}/instance-explanation?track=task1&benchmark_id=${instances[7]!.benchmarkId}`);
    expect(opened.status).toBe(200);
    const text = await opened.text();
    expect(Buffer.byteLength(text)).toBeLessThan(20_000);
    const { instance } = JSON.parse(text) as { instance: { explanation: { kind: string; predOmitted: number | null; stored: { nPred: number } | null } } };
    expect(instance.explanation).toMatchObject({ kind: "memory-set", predOmitted: ITEMS_PER_ROW, stored: { nPred: ITEMS_PER_ROW } });

    const csv = await (await get(`/api/v1/submissions/${submissionId}/breakdown?level=instance&format=csv`)).text();
    for (const inst of instances) expect(csv).toContain(inst.benchmarkId);
  });
});
