import { expect } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { ScoreJobPayloadSchema } from "@/lib/queue/payload";

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
