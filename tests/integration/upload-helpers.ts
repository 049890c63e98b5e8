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
