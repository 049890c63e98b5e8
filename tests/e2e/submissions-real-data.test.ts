import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { SHARED_DATA_DIR } from "../shared-data";
import { createTokenViaCli, e2eDb, runCli, uploadMultipart, waitUntilFinished } from "./submissions-helpers";
import { figuresPerTrack, publishedStep } from "@/lib/benchmarks/alpsbench/read/test-split-privacy";
import { metricRange } from "@/tests/helpers/alpsbench/read/metric-range";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { displayDecimals } from "@/lib/benchmarks/alpsbench/pipeline/test-precision";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const imported = inject("realDataImported");

/** the per-instance numbers `score --json` prints, which the server must reproduce exactly */
const INSTANCE_METRICS = ["precision", "recall", "f1", "algo_score_100", "direct_recall", "indirect_recall"] as const;

type ScoreJson = {
  n: number;
  metrics: Record<string, number | null>;
  instances: ({ benchmark_id: string; predicted: boolean } & Record<string, number | boolean | null>)[];
};
type BreakdownRow = { benchmark_id: string; split: string; predicted: boolean } & Record<string, number | boolean | string | null>;

describe.runIf(imported)("real data downloads", () => {
  test("Task 2 test-split inputs: every instance, page after page, and none of the gold that no input contains", async () => {
    const db = e2eDb(databaseUrl);
    try {
      const response = await fetch(`${baseUrl}/api/v1/inputs/task2?split=test`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const lines = text.trim().split("\n");
      const instances = await db.instance.findMany({
        where: { benchmarkVersion: { slug: "alpsbench-v1" }, trackId: "task2", split: "test" },
        orderBy: { benchmarkId: "asc" },
        // gold read directly by the test, to look for it in the download
        select: { benchmarkId: true, gold: { select: { gold: true } } },
      });
      expect(instances.length).toBeGreaterThan(1000);
      expect(Number(response.headers.get("x-alpsbench-instances"))).toBe(instances.length);
      expect(lines.map((line) => (JSON.parse(line) as { benchmark_id: string }).benchmark_id)).toEqual(instances.map((i) => i.benchmarkId));
      let checked = 0;
      for (const [index, instance] of instances.entries()) {
        const gold = instance.gold!.gold as { memory_items: { memory_id: string; value: unknown }[] };
        expect(lines[index], instance.benchmarkId).not.toContain(JSON.stringify(gold.memory_items));
        // Gold-only memories: the modified and the added one, unless the "modification" kept the old value (it
        // happens in the data), in which case that value is public through the memory pool anyway.
        const pool = new Set(((JSON.parse(lines[index]!) as { memory?: { value?: unknown }[] }).memory ?? []).map((m) => JSON.stringify(m.value)));
        for (const item of gold.memory_items.filter((m) => m.memory_id.endsWith("_updated") || m.memory_id.startsWith("m_new_"))) {
          expect(lines[index], instance.benchmarkId).not.toContain(`"${item.memory_id}"`);
          checked += 1;
          if (pool.has(JSON.stringify(item.value))) continue;
          expect(lines[index], instance.benchmarkId).not.toContain(JSON.stringify(item.value));
        }
      }
      expect(checked).toBeGreaterThanOrEqual(instances.length);
    } finally {
      await db.$disconnect();
    }
  });
});

describe.runIf(imported)("a real upload: GPT-5.2's Task 1 outputs through the API", () => {
  let db: Db;
  let tmp: string;
  let file: string;
  let token: string;

  beforeAll(async () => {
    db = e2eDb(databaseUrl);
    tmp = mkdtempSync(path.join(tmpdir(), "alpsbench-e2e-real-upload-"));
    file = path.join(tmp, "gpt52-task1.jsonl");
    const exported = await runCli(["export-predictions", "--from", SHARED_DATA_DIR, "--task", "task1", "--model", "GPT-5.2", "--out", file], databaseUrl);
    expect(exported.code, exported.stderr).toBe(0);
    token = await createTokenViaCli(databaseUrl, `gpt52-uploader-${Date.now().toString(36)}@example.org`);
  });

  afterAll(async () => {
    await db?.$disconnect();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test("uploaded, scored by the worker, and every dev/validation instance's metrics equal `score --json` of the same file", async () => {
    const [scored, upload] = await Promise.all([
      runCli(["score", "--task", "task1", "--data", SHARED_DATA_DIR, "--predictions", file, "--json"], databaseUrl),
      uploadMultipart(baseUrl, {
        token,
        fields: { task: "task1", model: "GPT-5.2 (e2e upload)", benchmark: "alpsbench-v1", split: "full", organisation: "OpenAI" },
        file: readFileSync(file),
        fileName: "gpt52-task1.jsonl",
      }),
    ]);
    expect(scored.code, scored.stderr).toBe(0);
    const reference = JSON.parse(scored.stdout) as ScoreJson;
    expect(reference.n).toBe(2272);
    expect(upload.status, JSON.stringify(upload.body).slice(0, 2000)).toBe(202);
    expect(upload.body.validation?.coverage).toMatchObject({ expected: 2272, valid: 2272, missing: 0, unknown: 0, duplicate: 0 });

    const done = await waitUntilFinished(baseUrl, upload.body.id!, token, 900_000);
    expect(done.status, done.failureReason ?? "").toBe("done");
    // headline numbers. A full upload with test rows publishes its whole as the instance-weighted mean of its exact
    // dev/validation figures and its PUBLISHED test figure (noised and rounded: lib/benchmarks/alpsbench/read/test-split-privacy.ts;
    // lib/benchmarks/alpsbench/pipeline/persist-track-score.ts combineWithPublishedTest), never the exact whole
    const splitOf = new Map(
      (await db.instance.findMany({ where: { benchmarkVersion: { slug: "alpsbench-v1" }, trackId: "task1" }, select: { benchmarkId: true, split: true } })).map(
        (i) => [i.benchmarkId, i.split],
      ),
    );
    const splitScores = await db.splitScore.findMany({ where: { submissionId: done.id, trackId: "task1", scoreVersion: SCORER_VERSION } });
    for (const metric of ["precision", "recall", "f1", "algo_score_100"]) {
      expect(done.metrics[metric]?.n, metric).toBe(2272);
      const part = (split: string) => splitScores.find((s) => s.split === split && s.metric === metric)!;
      const exactMean = (split: string) => {
        const values = reference.instances.filter((i) => splitOf.get(i.benchmark_id) === split).map((i) => Number(i[metric]));
        return values.reduce((a, b) => a + b, 0) / values.length;
      };
      // the public parts are exact, the test part within the rounding and the noise of the exact test mean
      for (const split of ["dev", "validation"]) expect(part(split).value!, `${metric} ${split}`).toBeCloseTo(exactMean(split), 9);
      const testN = part("test").n!;
      const step = publishedStep(metricRange("task1", metric)!, 1 / testN);
      const noise = (figuresPerTrack("task1") * metricRange("task1", metric)!) / testN;
      expect(Math.abs(part("test").value! - exactMean("test")), `${metric} test`).toBeLessThanOrEqual(step / 2 + 14 * noise); // P(|Laplace| > 14b) < 1e-6
      // the whole figure covers hidden test instances, so it is published at the metric's display precision
      // (docs/security.md): within half a display step of the exact mean over every instance, plus the test part's
      // share of that part's rounding and noise where the whole is built from the published parts
      const exactWhole = reference.instances.reduce((sum, i) => sum + Number(i[metric]), 0) / reference.instances.length;
      const half = 0.5 * 10 ** -displayDecimals("task1", metric);
      const testShare = (testN / reference.instances.length) * (step / 2 + 14 * noise);
      expect(Math.abs(done.metrics[metric]!.value! - exactWhole), metric).toBeLessThanOrEqual(half + testShare + 1e-12);
    }

    const response = await fetch(`${baseUrl}/api/v1/submissions/${done.id}/breakdown?level=instance`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const breakdown = (await response.json()) as { rows: BreakdownRow[]; withheld: { test: number } };
    const splits = await db.instance.groupBy({
      by: ["split"],
      where: { benchmarkVersion: { slug: "alpsbench-v1" }, trackId: "task1" },
      _count: { _all: true },
    });
    const count = (split: string) => splits.find((s) => s.split === split)?._count._all ?? 0;
    expect(breakdown.rows).toHaveLength(count("dev") + count("validation"));
    expect(breakdown.withheld.test).toBe(count("test"));
    expect(breakdown.rows.every((r) => r.split === "dev" || r.split === "validation")).toBe(true);

    const expected = new Map(reference.instances.map((i) => [i.benchmark_id, i]));
    let compared = 0;
    for (const row of breakdown.rows) {
      const want = expected.get(row.benchmark_id);
      expect(want, row.benchmark_id).toBeDefined();
      expect(row.predicted, row.benchmark_id).toBe(want!.predicted);
      for (const metric of INSTANCE_METRICS) expect(row[metric], `${row.benchmark_id} ${metric}`).toBe(want![metric]);
      compared += 1;
    }
    expect(compared).toBe(908);
  }, 1_200_000);
});
