import { expect } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { ScoreJobPayloadSchema } from "@/lib/queue/payload";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";
import { runScoreJob, type RunScoreJobOptions } from "@/lib/worker/score-submission";
import { createApiToken } from "@/lib/auth/api-token";
import { createSubmission } from "@/lib/submissions/create-submission";

/** An upload body in one chunk, as createSubmission and createRun read it. */
export async function* bytes(data: string | Buffer): AsyncIterable<Uint8Array> {
  yield Buffer.from(data);
}

/** The payload of the one scoring job an upload queued (what the worker would be handed). */
export async function queuedPayload(db: Db, submissionId: string) {
  const jobs = await db.$queryRawUnsafe<{ data: unknown }[]>(`SELECT data FROM pgboss.job WHERE data->>'submissionId' = $1`, submissionId);
  expect(jobs).toHaveLength(1);
  return ScoreJobPayloadSchema.parse(jobs[0]!.data);
}

/**
 * Integration files share one database and no worker runs between them, so uploads made by earlier files stay
 * queued. A file that runs a worker or reads the queue's first page settles them first: their pending jobs are
 * removed and their submissions marked failed, so the file sees only its own work.
 */
export async function settleLeftoverQueue(db: Db): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE state IN ('created', 'retry')`);
  await db.submission.updateMany({
    where: { status: { in: ["queued", "validating", "scoring", "judging"] } },
    data: { status: "failed", failureReason: "left queued by an earlier test file" },
  });
}

/**
 * Runs a submission's worker job the way the queue would, one job per step, until the handler says done; how many
 * steps it took (an error after `maxSteps`).
 */
export async function runToEnd(db: Db, payload: ScoreJobPayload, options: RunScoreJobOptions = { judge: null }, maxSteps = 100): Promise<number> {
  for (let steps = 1; steps <= maxSteps; steps++) {
    if ((await runScoreJob(db, payload, options)) === "done") return steps;
  }
  throw new Error(`not done in ${maxSteps} steps`);
}

/** runToEnd with the payload the upload queued. */
export async function runQueuedToEnd(db: Db, submissionId: string): Promise<number> {
  return runToEnd(db, await queuedPayload(db, submissionId));
}

/** runToEnd for an AlpsBench upload at today's scorer version (at most 50 steps). */
export async function scoreToEnd(db: Db, submissionId: string, options: { chunkSize?: number } = {}): Promise<number> {
  return runToEnd(db, { submissionId, scoreVersion: SCORER_VERSION }, { judge: null, ...options }, 50);
}

/** The benchmark ids of a demo track's public (not test) instances, in order. */
export async function demoPublicIds(db: Db, trackId: string): Promise<string[]> {
  const rows = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId, split: { not: "test" } },
    select: { benchmarkId: true },
    orderBy: { benchmarkId: "asc" },
  });
  return rows.map((i) => i.benchmarkId);
}

/**
 * A private Task 1 upload on the demo data version covering every instance, scored to the end, with its owner's
 * read token: what a test of an upload's read routes (breakdown, explanations) starts from. `label` names the
 * user, token, system and values, so two files' uploads never collide.
 */
export async function scoredDemoTask1Upload(db: Db, label: string): Promise<{ ownerId: string; token: string; submissionId: string }> {
  const ownerId = (await db.user.create({ data: { email: `${label}-${Date.now()}@example.org` } })).id;
  const { token } = await createApiToken(db, ownerId, { name: label, scopes: ["read"] });
  const ids = (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" }, select: { benchmarkId: true } })).map(
    (i) => i.benchmarkId,
  );
  const rows = ids.map((id) =>
    JSON.stringify({ benchmark_id: id, memory_items: [{ type: "direct", label: "Personal_Background/Occupation", value: `${label} ${id}`, confidence: 0.8 }] }),
  );
  const created = await createSubmission(db, {
    ownerId,
    track: "task1",
    split: "full",
    benchmark: "demo",
    system: { name: `${label} ${Date.now()}`, kind: "general_llm" },
    fileName: "p.jsonl",
    body: bytes(rows.join("\n")),
    visibility: "private",
  });
  if (!created.ok) throw new Error(created.message);
  await scoreToEnd(db, created.id);
  return { ownerId, token, submissionId: created.id };
}
