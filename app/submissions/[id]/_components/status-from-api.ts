import "@/lib/security/zod-jitless";
import { z } from "zod";
import { SUBMISSION_STATUSES, type SubmissionStatusData } from "@/components/submission-status";

/**
 * GET /api/v1/submissions/{id} (lib/db/queries/submission-status.ts) → the status panel's data. Parsed, never
 * cast; tolerant of where the progress sits (`progress: {done, total, judge}`, flat `progressDone`/`progressTotal`, or `judgeCalls`), strict about the
 * status value.
 * null: the answer did not look like a submission (the caller then falls back to re-rendering the page).
 */
const Count = z.number().int().nonnegative().catch(0);
const Judge = z.looseObject({ done: Count, cached: Count, failed: Count }).partial();
const Progress = z.looseObject({ done: Count, total: Count, judge: Judge.optional().catch(undefined) }).partial();
const Body = z.looseObject({
  status: z.enum(SUBMISSION_STATUSES),
  progressDone: Count.optional(),
  progressTotal: Count.optional(),
  progress: Progress.optional().catch(undefined),
  judgeCalls: Judge.optional().catch(undefined),
  failureReason: z.string().nullable().optional().catch(null),
  queuePosition: z.number().int().nullable().optional().catch(null),
});

export function statusFromApi(json: unknown): SubmissionStatusData | null {
  const candidates: unknown[] = [json];
  if (json && typeof json === "object" && "submission" in json) candidates.unshift((json as { submission: unknown }).submission);
  for (const candidate of candidates) {
    const parsed = Body.safeParse(candidate);
    if (!parsed.success) continue;
    const b = parsed.data;
    return {
      status: b.status,
      progressDone: b.progressDone ?? b.progress?.done ?? 0,
      progressTotal: b.progressTotal ?? b.progress?.total ?? 0,
      judge: {
        done: b.progress?.judge?.done ?? b.judgeCalls?.done ?? 0,
        cached: b.progress?.judge?.cached ?? b.judgeCalls?.cached ?? 0,
        failed: b.progress?.judge?.failed ?? b.judgeCalls?.failed ?? 0,
      },
      failureReason: b.failureReason ?? null,
      queuePosition: b.queuePosition ?? null,
    };
  }
  return null;
}
