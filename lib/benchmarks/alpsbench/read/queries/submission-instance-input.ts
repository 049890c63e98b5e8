import type { Db } from "@/lib/db/create-client";
import { TrackId, taskOf } from "@/lib/benchmarks/alpsbench/track-ids";
import { PUBLIC_SPLITS } from "./submission-instance-results";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { inputSections, type InputSection } from "./submission-instance-view";

/**
 * The model input of ONE listed instance of a submission, read when its row is opened (a submission page no
 * longer embeds 50 dialogues). The same rule as the per-instance list (getInstanceResultsPage): public splits
 * only, and only instances the submission has a current result for on one of its tracks. The caller checks that
 * the viewer may see the submission (findVisibleSubmission). null: not listed for this submission.
 */
export async function getInstanceInput(
  db: Db,
  submission: { id: string; tracks: string[]; scorerVersion: string | null },
  track: string,
  benchmarkId: string,
): Promise<InputSection[] | null> {
  const parsed = TrackId.safeParse(track);
  if (!parsed.success || !submission.tracks.includes(parsed.data)) return null;
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const deterministic = versions.find((v) => !v.startsWith("judge:")) ?? versions[0];
  if (!deterministic) return null;
  const result = await db.instanceResult.findFirst({
    where: { submissionId: submission.id, scoreVersion: deterministic, instance: { trackId: parsed.data, benchmarkId, split: { in: [...PUBLIC_SPLITS] } } },
    select: { instanceId: true },
  });
  if (!result) return null;
  const task = taskOf(parsed.data);
  if (task === "task3") {
    // up to 1,000 candidates: only the question and how many candidates there were (pools are InstancePool rows)
    const [row] = await db.$queryRaw<{ query: unknown; candidate_count: number | null }[]>`
      SELECT i.input->'query' AS query,
             COALESCE(CASE WHEN left(p."candidateIds", 1) = '[' THEN json_array_length(p."candidateIds"::json) WHEN p."candidateIds" = '' THEN 0 ELSE length(p."candidateIds") - length(replace(p."candidateIds", ',', '')) + 1 END, jsonb_array_length(CASE WHEN jsonb_typeof(i.input->'candidate_memories') = 'array' THEN i.input->'candidate_memories' ELSE '[]'::jsonb END)) AS candidate_count
      FROM "Instance" i LEFT JOIN "InstancePool" p ON p."instanceId" = i.id WHERE i.id = ${result.instanceId}`;
    return inputSections(task, row ?? null);
  }
  const instance = await db.instance.findUniqueOrThrow({ where: { id: result.instanceId }, select: { input: true } });
  return inputSections(task, instance.input);
}
