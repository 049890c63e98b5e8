import path from "node:path";
import { env } from "@/lib/env";
import type { Benchmark } from "../../types";

/**
 * AlpsBench's start-up hooks (`npm start`, every worker): its seeds, the real data's import from
 * ALPSBENCH_DATA_DIR, the exact re-scoring of noised test figures and the uploads waiting for a judge. Each loads
 * its code when called, so the web server's routes that read the declaration never load the importers or the queue.
 */
export const alpsBenchStartHooks: Pick<Benchmark, "seed" | "importAtStart" | "rescoreAtWorkerStart" | "uploadsAwaitingJudge"> = {
  async seed(db) {
    const { seedReported } = await import("./seeds/seed-reported");
    const { seedDemo } = await import("./seeds/seed-demo");
    const reported = await seedReported(db);
    const demo = await seedDemo(db);
    return [`${reported.systems} reported systems`, `${reported.figures} reported figures`, `demo: ${demo.instances} instances`, `${demo.systems} systems`];
  },
  importAtStart() {
    const dataDir = env().ALPSBENCH_DATA_DIR;
    if (!dataDir) return null;
    return {
      source: "ALPSBENCH_DATA_DIR",
      async run(db, log) {
        const { importRealData } = await import("./import/import-real-data");
        const { progressFor } = await import("./import/import-progress");
        const report = await importRealData(db, path.resolve(dataDir), log, { progress: progressFor(log) });
        return `${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged instances`;
      },
    };
  },
  // uploads whose test figures were published noised are re-scored exactly while the noise is off
  async rescoreAtWorkerStart(db) {
    const { noisedTestFigureUploads } = await import("../pipeline/noised-test-figures");
    return {
      submissionIds: await noisedTestFigureUploads(db, { noise: env().TEST_FIGURE_NOISE === "on" }),
      why: "with noised test figures queued to be re-scored exactly (TEST_FIGURE_NOISE is off)",
    };
  },
  // uploads scored while no judge was configured (JudgeWaiting): a worker with a judge judges them
  async uploadsAwaitingJudge(db, among) {
    const { uploadsAwaitingJudge } = await import("../pipeline/judge-waiting");
    return uploadsAwaitingJudge(db, among);
  },
};
