import type { Db } from "@/lib/db/create-client";
import { type PacketOutputs, predictionsFromPacketOutputs, readPacketOutputs } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { REPORTED_SYSTEMS, type ReportedSystem } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";
import { type ImportProgress, silentProgress } from "../import/import-progress";
import { isCurrent, seedScoredSubmission } from "./seed-scored-submission";

const PACKETS_RESCORED_NOTE =
  "Re-scored by this server from the model outputs the authors released with the packets: 2,272 of the 2,330 Task 1 instances, so it differs slightly from the reported figure.";

/**
 * The seven general LLMs' stored Task 1 outputs (packets: task1.llm_outputs.<model>), scored by our engine
 * and shown beside the reported figures as re-scored rows.
 */
export async function seedPacketsRescored(
  db: Db,
  dir: string,
  benchmarkVersionId: string,
  systems: readonly ReportedSystem[] = REPORTED_SYSTEMS,
  progress: ImportProgress = silentProgress,
  /** the packets' outputs when the caller already read them (the import does); else read once here, if needed */
  outputs?: readonly PacketOutputs[],
): Promise<{ created: number; unchanged: number }> {
  let packets = outputs;
  let created = 0;
  let unchanged = 0;
  const withOutputs = systems.filter((s) => s.packetsModel);
  const phase = progress.phase("re-score packet outputs", withOutputs.length, "models");
  for (const reported of withOutputs) {
    if (!reported.packetsModel) continue;
    const system = await db.system.findUniqueOrThrow({ where: { slug: reported.slug }, select: { id: true } });
    const id = `seed-packets-task1-${reported.slug}`;
    // Skipped when the submission is already scored under the current scorer version (then seedScoredSubmission
    // does nothing); a stale one is re-scored from the packets, read at most once for all models.
    if (await isCurrent(db, id)) {
      unchanged += 1;
      phase.tick();
      continue;
    }
    packets ??= await readPacketOutputs(dir);
    const predictions = predictionsFromPacketOutputs(packets, reported.packetsModel).rows;
    const outcome = await seedScoredSubmission(db, {
      id,
      systemId: system.id,
      benchmarkVersionId,
      note: PACKETS_RESCORED_NOTE,
      predictions: { task1: predictions },
    });
    if (outcome === "created") created += 1;
    else unchanged += 1;
    phase.tick();
  }
  phase.done(`${created} scored, ${unchanged} unchanged`);
  return { created, unchanged };
}
