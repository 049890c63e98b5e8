import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { Db } from "@/lib/db/create-client";
import { enqueueScoring } from "@/lib/queue/enqueue";
import { prismaExecutor } from "@/lib/queue/sql-executor";
import { scoreVersionFor } from "./score-version-for";

type RescoreSelection = { all: true; track?: string } | { all?: false; id: string };
type RescoreOutcome = { queued: { id: string; from: string | null; to: string }[] };

/**
 * What `alpsbench rescore` does (scripts/cli/rescore.ts): every finished upload whose stored scorer version differs
 * from the version its track is scored under now (AlpsBench's SCORER_VERSION, or a module track's own version:
 * score-version-for.ts) is re-queued under the current one, each in its own transaction with its job (status
 * queued, progress reset, and the benchmark's own counts through its onRescore). A module's bump thus re-scores that module's uploads and nobody else's. Old Score rows
 * stay as history; a module's item rows are replaced when the new scores are written. `--id` forces one.
 */
export async function queueRescores(db: Db, selection: RescoreSelection, options: { dryRun?: boolean; log?: (line: string) => void } = {}): Promise<RescoreOutcome> {
  const log = options.log ?? (() => {});
  const candidates = await db.submission.findMany({
    where:
      "id" in selection && selection.id
        ? { id: selection.id }
        : { source: "upload", status: "done", ...(selection.all && selection.track ? { tracks: { has: selection.track } } : {}) },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      status: true,
      source: true,
      scorerVersion: true,
      tracks: true,
      system: { select: { name: true } },
      benchmarkVersion: { select: { slug: true } },
    },
  });
  const byId = "id" in selection && selection.id;
  if (byId && candidates.length === 0) throw new Error(`no submission ${selection.id}`);
  const target = candidates[0];
  if (byId && target && (target.source !== "upload" || !["done", "failed"].includes(target.status))) {
    throw new Error(
      `submission ${selection.id} is ${target.source === "upload" ? target.status : `a ${target.source} submission`}: only finished uploads are re-scored`,
    );
  }
  const queued: RescoreOutcome["queued"] = [];
  for (const submission of candidates) {
    const to = scoreVersionFor({ benchmark: submission.benchmarkVersion.slug, tracks: submission.tracks });
    if (!byId && submission.scorerVersion === to) continue;
    const what = `${submission.id} ${submission.system.name} [${submission.tracks.join(", ")}] ${submission.scorerVersion ?? "(unscored)"} -> ${to}`;
    if (options.dryRun) {
      log(`would queue ${what}`);
      queued.push({ id: submission.id, from: submission.scorerVersion, to });
      continue;
    }
    await db.$transaction(
      async (tx) => {
        // Guarded update: a submission picked up or changed since the listing is left alone.
        const { count } = await tx.submission.updateMany({
          where: { id: submission.id, status: submission.status, scorerVersion: submission.scorerVersion },
          data: {
            status: "queued",
            scorerVersion: to,
            startedAt: null,
            finishedAt: null,
            lastProgressAt: null,
            progressDone: 0,
            failureReason: null,
            failureIsOurs: false,
          },
        });
        if (count === 0) return;
        // the benchmark's own progress of the last scoring (AlpsBench's judge counts) starts again too
        await benchmarkOfDataVersion(submission.benchmarkVersion.slug).onRescore?.(tx, [submission.id]);
        await enqueueScoring(prismaExecutor(tx), { submissionId: submission.id, scoreVersion: to });
        queued.push({ id: submission.id, from: submission.scorerVersion, to });
        log(`queued ${what}`);
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
  }
  return { queued };
}
