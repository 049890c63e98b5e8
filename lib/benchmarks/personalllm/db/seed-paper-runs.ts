import type { Db } from "@/lib/db/create-client";
import { PERSONALLLM_PAPER_RUNS } from "@/lib/benchmarks/personalllm/db/paper-runs";
import { ReportedRun } from "../reported-runs";

/**
 * The paper's 18 plotted runs (reported figures, shipped as a transcription with attribution), upserted on every
 * start as AlpsBench's reported figures are: the PersonalLLM board is never empty on a fresh clone. The logged
 * runs and the evaluation data still come from an import. Idempotent.
 */
export async function seedPersonalLlmPaperRuns(db: Db): Promise<{ runs: number }> {
  const runs = PERSONALLLM_PAPER_RUNS.map((r) => ReportedRun.parse({ ...r, source: "paper" }));
  await db.$transaction(
    runs.map((run) => {
      const data = { ...run, meanZ: run.meanZ ?? undefined };
      return db.pllmReportedRun.upsert({ where: { id: run.id }, create: data, update: data });
    }),
  );
  return { runs: runs.length };
}
