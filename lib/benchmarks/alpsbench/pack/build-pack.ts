import { gunzipSync } from "node:zlib";
import type { Db } from "@/lib/db/create-client";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { BOOTSTRAP_RESAMPLES } from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import type { PackFigure, PackManifest } from "@/lib/packs/manifest";
import { jsonLines, type PackEntry } from "@/lib/packs/zip-pack";
import { taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { predictionsArePublic } from "@/lib/submissions/prediction-access";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { task3PoolsSentence } from "@/lib/benchmarks/alpsbench/read/task3-open-book";
import { BOOTSTRAP_METHOD, goldHash, goldPath, judgePath, PUBLIC_GOLD_SPLITS, resultsPath, seedPredictionsPath, trackFile } from "./pack-layout";

export type BuiltPack = { manifest: Omit<PackManifest, "files">; entries: PackEntry[] };

const isPublic = (split: string) => PUBLIC_GOLD_SPLITS.includes(split);

/**
 * The reproducibility pack of one scored AlpsBench submission (the caller decided the viewer may read it): its
 * manifest, per-instance results (hidden test instances: id and split only), judge verdicts, the public Task 3
 * gold of the server-built pools (the data folder does not hold them), and the prediction rows when published.
 * null: nothing to reproduce (a reported row, a run not scored yet).
 */
export async function buildAlpsBenchPack(db: Db, submissionId: string, now: Date = new Date()): Promise<BuiltPack | null> {
  const submission = await db.submission.findUnique({
    where: { id: submissionId },
    include: {
      system: { select: { name: true, slug: true } },
      benchmarkVersion: { select: { id: true, slug: true, source: true, importedAt: true } },
      seedPredictions: { select: { rows: true } },
      testFigureNoise: { select: { submissionId: true } },
    },
  });
  if (!submission || submission.source === "reported" || submission.status !== "done") return null;
  const versions = await currentScoreVersions(db, submission.id, submission.scorerVersion);
  const deterministic =
    submission.scorerVersion && versions.includes(submission.scorerVersion) ? submission.scorerVersion : versions.find((v) => !v.startsWith("judge:"));
  const judgeVersion = versions.find((v) => v.startsWith("judge:")) ?? null;
  const noisedScopes = submission.testFigureNoise === null ? new Set<string>() : new Set(["test", "full"]);

  const scores = await db.score.findMany({
    where: { submissionId: submission.id, scoreVersion: { in: versions } },
    orderBy: [{ trackId: "asc" }, { metric: "asc" }],
    include: { judgeProfile: true },
  });
  const splitScores = await db.splitScore.findMany({
    where: { submissionId: submission.id, scoreVersion: { in: versions } },
    orderBy: [{ trackId: "asc" }, { split: "asc" }, { metric: "asc" }],
  });
  const figure = (s: (typeof scores)[number] | (typeof splitScores)[number], scope: string): PackFigure => ({
    track: s.trackId,
    scope,
    metric: s.metric,
    kind: s.kind,
    score_version: s.scoreVersion,
    value: s.value,
    n: s.n,
    ci_low: s.ciLow,
    ci_high: s.ciHigh,
    ...(noisedScopes.has(scope) ? { noised: true } : {}),
  });
  const figures = [...scores.map((s) => figure(s, submission.split)), ...splitScores.map((s) => figure(s, s.split))];

  // whether the prediction file's content may leave the server: the server's own runs, and uploads whose submitter
  // opted in. Otherwise a row's scores are public but the file is not (docs/security.md), so the per-instance lines
  // keep only numbers: the metrics and the match counts the aggregate reads, never the matched values or verdict texts
  const published = predictionsArePublic(submission);
  const entries: PackEntry[] = [];
  const dataHashes: Record<string, string> = {};
  const notes: string[] = [
    "Gold of the hidden test split is not in the pack: figures over test instances are re-scored only where the data folder holds that gold.",
  ];
  if (submission.tracks.some((t) => t.startsWith("task3/"))) {
    // which pools the Task 3 figures were scored on: figures on different pool versions do not compare
    notes.push(`Task 3: ${task3PoolsSentence(await storedPoolVersion(db, submission.benchmarkVersion.slug))}`);
  }
  for (const track of submission.tracks) {
    // the public gold the figures were scored against: hashed, and for Task 3 shipped (the server builds its pools,
    // lib/benchmarks/alpsbench/pipeline/server-pools.ts, so the data folder does not hold them); test gold is neither
    const publicGold: { benchmarkId: string; gold: unknown }[] = [];
    if (deterministic) {
      const rows = await db.instanceResult.findMany({
        where: { submissionId: submission.id, scoreVersion: deterministic, instance: { trackId: track } },
        orderBy: { instance: { benchmarkId: "asc" } },
        select: { metrics: true, detail: true, instance: { select: { benchmarkId: true, split: true, gold: { select: { gold: true } } } } },
      });
      const lines = rows.map((r) =>
        isPublic(r.instance.split)
          ? { benchmark_id: r.instance.benchmarkId, split: r.instance.split, metrics: r.metrics, detail: published ? r.detail : countsOnly(r.detail) }
          : { benchmark_id: r.instance.benchmarkId, split: r.instance.split },
      );
      entries.push({ path: resultsPath(track), role: "results", bytes: jsonLines(lines) });
      for (const r of rows) if (isPublic(r.instance.split) && r.instance.gold) publicGold.push({ benchmarkId: r.instance.benchmarkId, gold: r.instance.gold.gold });
    }
    dataHashes[track] = goldHash(publicGold);
    if (taskOf(track as TrackId) === "task3") {
      entries.push({ path: goldPath(track), role: "gold", bytes: jsonLines(publicGold.map((g) => ({ benchmark_id: g.benchmarkId, gold: g.gold }))) });
    }
    if (judgeVersion) {
      const verdicts = await db.instanceResult.findMany({
        where: { submissionId: submission.id, scoreVersion: judgeVersion, instance: { trackId: track } },
        orderBy: { instance: { benchmarkId: "asc" } },
        select: { metrics: true, detail: true, instance: { select: { benchmarkId: true, split: true, meta: true } } },
      });
      if (verdicts.length > 0) {
        const lines = verdicts.map((r) =>
          isPublic(r.instance.split)
            ? {
                benchmark_id: r.instance.benchmarkId,
                split: r.instance.split,
                metrics: r.metrics,
                meta: r.instance.meta,
                ...(published ? { detail: r.detail } : {}),
              }
            : { benchmark_id: r.instance.benchmarkId, split: r.instance.split },
        );
        entries.push({ path: judgePath(track), role: "results", bytes: jsonLines(lines) });
      }
    }
  }

  const upload = published && submission.source !== "seed" ? await uploadedFile(db, submission.id) : null;
  if (published && submission.source === "seed" && submission.seedPredictions) {
    const byTrack = JSON.parse(gunzipSync(submission.seedPredictions.rows).toString("utf8")) as Record<string, unknown[]>;
    for (const [track, rows] of Object.entries(byTrack)) entries.push({ path: seedPredictionsPath(track), role: "predictions", bytes: jsonLines(rows) });
  } else if (upload) {
    const name = (submission.fileName ?? `${trackFile(submission.tracks[0] ?? "predictions")}.jsonl`).replace(/\.gz$/i, "").replace(/[^A-Za-z0-9._-]/g, "_");
    entries.push({ path: `predictions/${name}`, role: "predictions", bytes: new Uint8Array(gunzipSync(upload)) });
  } else {
    notes.push("The submitter did not publish the predictions: the pack re-aggregates the per-instance results, it cannot re-score them.");
  }
  const predictionsIncluded = entries.some((e) => e.role === "predictions");
  if (published && !predictionsIncluded) notes.push("The predictions were to be published but the server holds no copy of them.");

  const judgeProfiles = [...new Map(scores.flatMap((s) => (s.judgeProfile ? [[s.judgeProfile.hash, s.judgeProfile] as const] : []))).values()].map((p) => ({
    hash: p.hash,
    name: p.name,
    provider: p.provider,
    model: p.model,
    base_url: p.baseUrl,
    prompt_template_version: p.promptTemplateVersion,
    temperature: p.temperature,
    max_tokens: p.maxTokens,
  }));
  const manifest: Omit<PackManifest, "files"> = {
    format: "leaderboard-pack/1",
    generated_at: now.toISOString(),
    benchmark: {
      id: "alpsbench",
      data_version: submission.benchmarkVersion.slug,
      data_source: submission.benchmarkVersion.source,
      data_imported_at: submission.benchmarkVersion.importedAt.toISOString(),
      data_hashes: dataHashes,
    },
    submission: {
      id: submission.id,
      system: submission.system.name,
      system_slug: submission.system.slug,
      source: submission.source,
      scope: submission.split,
      tracks: submission.tracks,
      file_name: submission.fileName,
      file_sha256: submission.fileSha256,
      content_sha256: submission.contentSha256,
      created_at: submission.createdAt.toISOString(),
      finished_at: submission.finishedAt?.toISOString() ?? null,
    },
    scorer_version: deterministic ?? null,
    score_versions: versions,
    bootstrap: { seed: submission.id, resamples: BOOTSTRAP_RESAMPLES, level: 0.95, method: BOOTSTRAP_METHOD },
    judge_profiles: judgeProfiles,
    // no AlpsBench track leaves scores to the platform's reward service (none declares rewardTexts): never a profile
    reward_profile: null,
    predictions_included: predictionsIncluded,
    notes,
    figures,
  };
  return { manifest, entries };
}

/** The stored upload (gzip), read only when the pack carries it: the client leaves the bytes out of other reads. */
async function uploadedFile(db: Db, id: string): Promise<Uint8Array | null> {
  const row = await db.submission.findUnique({ where: { id }, select: { fileBytes: true } });
  return row?.fileBytes ?? null;
}

/** The match counts of a stored detail (numbers only: what the aggregate re-reads), without the matched values. */
function countsOnly(detail: unknown): { counts: unknown } | null {
  if (!detail || typeof detail !== "object" || !("counts" in detail)) return null;
  return { counts: (detail as { counts: unknown }).counts };
}
