import type { Db } from "@/lib/db/create-client";
import { currentScoreVersions } from "@/lib/db/queries/submission-status";
import { packUrl } from "@/lib/packs/pack-url";
import { mayReadPredictions } from "@/lib/submissions/prediction-access";
import type { SubmissionPageUpload, SubmissionViewer } from "@/lib/benchmarks/types";
import { DEFAULT_SORT } from "@/lib/benchmarks/alpsbench/read/metrics";
import { countWithheldTestInstances, getDimensionBreakdown } from "@/lib/benchmarks/alpsbench/read/queries/submission-breakdown";
import { getInstanceResultsPage } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { BaselineNotice } from "./baseline-notice";
import { ContaminationFigures } from "@/lib/benchmarks/alpsbench/contamination/figures";
import { ContaminationNotice } from "./contamination-notice";
import { DimensionBreakdown } from "./dimension-breakdown";
import { InstanceResults } from "./instance-results";

/**
 * What AlpsBench adds to an upload's page (/submissions/<id>) around the platform's metric tables: the
 * contamination check's figures and the copy-the-input baseline note above, the breakdown downloads and the
 * reproducibility pack beside, the per-dimension means and the explained per-instance list below.
 */

export async function alpsBenchNotices(db: Db, upload: SubmissionPageUpload) {
  // the check's figures as this viewer may read them: AlpsBench's own status field (read/queries/upload-facts.ts)
  const figures = ContaminationFigures.nullable().safeParse(upload.fields.contamination ?? null);
  return (
    <>
      {figures.success && figures.data ? <ContaminationNotice figures={figures.data} /> : null}
      {upload.status === "done" && upload.tracks.includes("task2") ? (
        <BaselineNotice db={db} benchmark={upload.benchmark} split={upload.split} value={upload.figure("task2", DEFAULT_SORT.task2)} />
      ) : null}
    </>
  );
}

export async function alpsBenchDownloads(upload: SubmissionPageUpload) {
  const id = encodeURIComponent(upload.id);
  const download = "rounded-md border border-line bg-surface px-2.5 py-1 text-[0.8125rem] font-medium text-accent hover:bg-surface-hover";
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm" role="group" aria-labelledby="breakdown-title">
      <span id="breakdown-title" className="font-medium text-fg">
        Download the breakdown
      </span>
      {(["instance", "dimension"] as const).map((level) => (
        <span key={level} className="inline-flex items-center gap-1.5">
          <span className="text-fg-muted">per {level}</span>
          {(["csv", "json"] as const).map((format) => (
            <a
              key={format}
              className={download}
              href={`/api/v1/submissions/${id}/breakdown?level=${level}&format=${format}`}
              download
              aria-label={`Per-${level} breakdown as ${format.toUpperCase()}`}
            >
              {format.toUpperCase()}
            </a>
          ))}
        </span>
      ))}
      {upload.source === "reported" ? null : (
        <a
          className={download}
          href={packUrl(upload.id)}
          download
          data-pack-link
          title="manifest with hashes and figures, per-instance results, predictions where published; re-score it offline with `alpsbench verify` (docs/reproducibility.md)"
        >
          Reproducibility pack (zip)
        </a>
      )}
      {upload.source === "reported" ? null : (
        <a className={download} href="#instances-title" data-items-link title="each public instance's scores, gold, prediction (where published) and judge verdicts">
          Browse per-instance items
        </a>
      )}
    </div>
  );
}

/** Per-dimension means and the explained per-instance list (public splits only; see getInstanceResultsPage). */
export async function alpsBenchDetails(database: Db, upload: SubmissionPageUpload, viewer: SubmissionViewer, search: URLSearchParams) {
  if (upload.source === "reported") return null;
  const isAdmin = viewer?.role === "admin";
  const versions = await currentScoreVersions(database, upload.id, upload.scorerVersion);
  const access = await database.submission.findUniqueOrThrow({ where: { id: upload.id }, select: { source: true, publishPredictions: true, ownerId: true } });
  // the uploaded file's content: its owner and admins, or anyone when the submitter published it (lib/submissions/prediction-access.ts)
  const showUploadedPredictions = mayReadPredictions(access, viewer);
  const split = search.get("split");
  // Same rule as the breakdown API, so the page and its downloads agree: admins' dimension means include the test split.
  const [dimensions, withheldTest, instances] = await Promise.all([
    getDimensionBreakdown(database, upload.id, versions, isAdmin, "domain"),
    isAdmin ? Promise.resolve(0) : countWithheldTestInstances(database, upload.id, versions),
    getInstanceResultsPage(
      database,
      { id: upload.id, tracks: [...upload.tracks], scorerVersion: upload.scorerVersion, source: upload.source },
      {
        track: search.get("track") ?? undefined,
        page: Number.parseInt(search.get("page") ?? "1", 10) || 1,
        onlyMisses: search.get("misses") === "1",
        showUploadedPredictions,
        q: search.get("q")?.slice(0, 200),
        split: split === "dev" || split === "validation" ? split : undefined,
      },
    ),
  ]);
  return (
    <>
      <DimensionBreakdown groups={dimensions.groups} metrics={dimensions.metrics} withheldTest={withheldTest} submissionId={upload.id} />
      {instances ? <InstanceResults submissionId={upload.id} data={instances} itemsApi={showUploadedPredictions} /> : null}
    </>
  );
}
