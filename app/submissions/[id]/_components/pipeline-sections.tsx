import type { ReactNode } from "react";
import { benchmarkOfDataVersion, hostedTrack } from "@/lib/benchmarks";
import type { SubmissionPageUpload, SubmissionViewer } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import type { ShownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { PipelineResults, rowsFor } from "./pipeline-results";

const WAITING_NOTE = "waiting (see Judge above)";

export type PipelineSections = { notices: ReactNode; results: ReactNode; details: ReactNode };

/**
 * What /submissions/<id> shows of an upload its benchmark scores itself (AlpsBench's, or any registered one's): its
 * benchmark's notices (above the live status), the per-track metric tables its tracks declare with the benchmark's
 * downloads, and its details below (`submissionPage` hooks, types.ts). A benchmark without hooks gets the tables
 * alone. What the platform's one-call scorer scored shows its track's metrics instead (module-sections.tsx).
 */
export async function pipelineSections(db: Db, submission: ShownSubmissionStatus, viewer: SubmissionViewer, search: URLSearchParams): Promise<PipelineSections> {
  const benchmark = benchmarkOfDataVersion(submission.benchmark);
  const hooks = benchmark.submissionPage ?? {};
  // the upload's tracks that its benchmark declares
  const tracks = submission.tracks.filter((t) => hostedTrack(t)?.benchmark === benchmark);
  const upload: SubmissionPageUpload = {
    id: submission.id,
    status: submission.status,
    split: submission.split,
    source: submission.source,
    benchmark: submission.benchmark,
    tracks,
    scorerVersion: submission.scorerVersion,
    fields: submission.facts.fields,
    figure: (track, metric) => rowsFor(submission, track).find((r) => r.metric === metric)?.value,
  };
  const done = submission.status === "done";
  const [notices, downloads, details] = await Promise.all([
    hooks.notices?.(db, upload) ?? null,
    done ? (hooks.downloads?.(upload) ?? null) : null,
    done ? (hooks.details?.(db, upload, viewer, search) ?? null) : null,
  ]);
  return {
    notices,
    results: done ? (
      <PipelineResults
        submission={{ ...submission, noised: submission.facts.noised, awaitingJudge: submission.facts.awaitingJudge }}
        tracks={tracks}
        downloads={downloads}
        // waiting for a judge: the page's Judge fact says so once, with what an operator does; here a short pointer
        emptyNote={submission.facts.awaitingJudge ? WAITING_NOTE : (hooks.emptyNote?.(tracks) ?? null)}
      />
    ) : null,
    details,
  };
}
