import { z } from "zod";
import type { ScoreJobPayload } from "@/lib/submissions/contracts";

/** The scoring job's payload, parsed on the way in (a job written by an older release fails loudly, not oddly). */
export const ScoreJobPayloadSchema = z.object({
  submissionId: z.string().min(1),
  scoreVersion: z.string().min(1),
}) satisfies z.ZodType<ScoreJobPayload>;

export function parseScoreJobPayload(data: unknown): ScoreJobPayload {
  const parsed = ScoreJobPayloadSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`score job payload: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}
