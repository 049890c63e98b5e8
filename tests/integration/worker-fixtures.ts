import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { getScorableInstances } from "@/lib/benchmarks/alpsbench/read/queries/scorable-instances";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { scoreTrack, type TrackScore } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** Shared by the worker tests: a demo-benchmark Task 1 submission, the worker as a real process, checks. */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The first demo system's rows for a track (some instances have no row on purpose: they score as empty). */
export function demoRows(track: TrackId = "task1"): unknown[] {
  const system = getDemoDataset().systems[0];
  if (!system) throw new Error("the demo dataset has no systems");
  return system.predictions[track];
}

export function jsonl(rows: readonly unknown[]): string {
  return `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;
}

/** A submission as the creation path stores it: the gzip of the decompressed upload, its sha256, status queued. */
export async function createTestSubmission(
  db: Db,
  options: {
    benchmarkVersionId: string;
    label: string;
    track?: TrackId;
    content?: string;
    fileBytes?: Uint8Array;
    /** the system it is for (else a new one), and fields other than the defaults (full split, no owner) */
    systemId?: string;
    data?: { split?: "full" | "test"; ownerId?: string; visibility?: "public" | "private" };
  },
): Promise<string> {
  const track = options.track ?? "task1";
  const content = options.content ?? jsonl(demoRows(track));
  const tag = `${options.label}-${randomBytes(4).toString("hex")}`;
  const systemId = options.systemId ?? (await db.system.create({ data: { slug: `worker-test-${tag}`, name: `Worker test ${tag}`, kind: "general_llm" } })).id;
  const fileBytes = options.fileBytes ?? gzipSync(Buffer.from(content));
  const submission = await db.submission.create({
    data: {
      systemId,
      benchmarkVersionId: options.benchmarkVersionId,
      tracks: [track],
      split: "full",
      source: "upload",
      status: "queued",
      fileName: "predictions.jsonl",
      fileBytes: new Uint8Array(fileBytes),
      fileSize: fileBytes.length,
      fileSha256: createHash("sha256").update(content).digest("hex"),
      scorerVersion: SCORER_VERSION,
      ...options.data,
    },
    select: { id: true },
  });
  return submission.id;
}

/**
 * What an uninterrupted, in-memory run gives on the same rows (the reference every test compares with). These are
 * demo uploads, whose figures are exact (lib/benchmarks/alpsbench/pipeline/test-figures.ts: the demo's gold is in this repository).
 */
export async function referenceScore(db: Db, benchmarkVersionId: string, submissionId: string, track: TrackId = "task1"): Promise<TrackScore> {
  const instances = await getScorableInstances(db, benchmarkVersionId, track);
  return scoreTrack(
    track,
    instances,
    demoRows(track).map((value, i) => ({ line: i + 1, value })),
    { seed: submissionId },
  );
}

/** Exactly one result row per instance, each equal to the reference; Scores equal the reference aggregates. */
export async function expectStoredEqualsReference(db: Db, submissionId: string, reference: TrackScore): Promise<void> {
  const stored = await db.instanceResult.findMany({
    where: { submissionId, scoreVersion: SCORER_VERSION },
    select: { metrics: true, instance: { select: { benchmarkId: true } } },
  });
  expect(stored).toHaveLength(reference.n);
  expect(new Set(stored.map((r) => r.instance.benchmarkId)).size).toBe(reference.n);
  const byId = new Map(stored.map((r) => [r.instance.benchmarkId, r.metrics]));
  for (const scored of reference.instances) {
    expect(byId.get(scored.benchmarkId), scored.benchmarkId).toEqual({ predicted: scored.predicted, ...scored.metrics });
  }
  const scores = await db.score.findMany({ where: { submissionId, scoreVersion: SCORER_VERSION, trackId: reference.track } });
  expect(scores.map((s) => s.metric).sort()).toEqual(Object.keys(reference.metrics).sort());
  for (const score of scores) {
    const { value, n, ciLow, ciHigh } = reference.metrics[score.metric]!;
    const expected = { value, n, ciLow, ciHigh };
    expect({ value: score.value, n: score.n, ciLow: score.ciLow, ciHigh: score.ciHigh }, score.metric).toEqual(expected);
  }
}

/** The worker as `npm run worker` runs it, but as ONE process (tsx's CLI would fork a child that SIGKILL misses). */
export type WorkerProcess = { child: ChildProcess; output: string[]; exited: Promise<number | null> };

export function spawnWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output, exited };
}

/** Polls `probe` until it returns a value (errors, e.g. while a database restarts, count as "not yet"). */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
}
