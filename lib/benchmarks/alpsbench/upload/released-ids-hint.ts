import type { Db } from "@/lib/db/create-client";
import { SERVER_POOL_LABELS } from "@/lib/benchmarks/alpsbench/pipeline/server-pools";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";

/**
 * Why a Task 3 file made on the released pools finds none of its ids on a data version with opaque Task 3 ids
 * (server-pools-v2 or -v3), and the fix. Its ids are session ids (the released Task 3 id of a dialogue is its
 * session id, also its Task 1 and Task 2 id, all public); these instances have opaque ids and candidate ids of
 * their own, and released ids are not mapped onto them. "" when the track is not Task 3, the pools keep the
 * released ids (v1), or none of the ids is a public session id.
 */
export async function releasedIdsHint(db: Db, version: { id: string; slug: string }, track: string, unknownIds: readonly string[]): Promise<string> {
  if (!track.startsWith("task3/") || unknownIds.length === 0) return "";
  const pools = await storedPoolVersion(db, version.slug);
  if (pools !== "v2" && pools !== "v3") return "";
  const session = await db.instance.findFirst({
    where: { benchmarkVersionId: version.id, trackId: { in: ["task1", "task2"] }, benchmarkId: { in: [...unknownIds] } },
    select: { id: true },
  });
  if (!session) return "";
  const slug = track.replace("/", "-");
  return (
    ` Those are the released pools' session ids: ${version.slug}'s Task 3 pools are ${SERVER_POOL_LABELS[pools]}, whose instances have ` +
    `opaque ids (t3_…) and candidate ids of their own, and released ids are not mapped onto them. Run the harness on this server's pools (GET /api/v1/inputs/${slug}?benchmark=${version.slug}, ` +
    `or alpsbench export-predictions --starter) and upload its output, which keeps their ids (docs/task3-pools.md).`
  );
}
