import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { itemRowsOnSplit } from "@/lib/benchmarks/module-splits";
import type { OneCallBenchmark, SubmissionViewer } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { mayReadModuleItems, moduleItemsPage, readItemsQuery } from "@/lib/db/queries/module-items";
import type { ShownSubmissionStatus } from "@/lib/submissions/held-visibility";
import { ModuleItems } from "./module-items";
import { ModuleResults } from "./module-results";
import type { PipelineSections } from "./pipeline-sections";

/**
 * What /submissions/<id> shows of an upload the platform's one-call scorer scored (hosted-capabilities.ts
 * `pageSections`): its track's metrics, then one page of 50 of its per-item rows, sorted by the database; who may see
 * them is the track's call (none on a split whose gold is hidden: the worker stores none).
 */
export async function moduleSections(
  db: Db,
  module: OneCallBenchmark,
  submission: ShownSubmissionStatus,
  viewer: SubmissionViewer,
  search: URLSearchParams,
  title: string,
): Promise<PipelineSections> {
  const trackId = submission.tracks[0] ? capabilitiesOf(module).ownTrackId(submission.tracks[0]) : null;
  const track = module.tracks.find((t) => t.id === trackId);
  if (submission.status !== "done" || !track) return { notices: null, results: null, details: null };
  const itemRows = itemRowsOnSplit(module, track, submission.split);
  const query = { page: search.get("items_page") ?? undefined, sort: search.get("items_sort") ?? undefined, dir: search.get("items_dir") ?? undefined };
  const items = itemRows && mayReadModuleItems(submission, viewer, itemRows) ? await moduleItemsPage(db, submission.id, readItemsQuery(itemRows, query)) : null;
  return {
    notices: null,
    results: <ModuleResults title={title} metrics={track.metrics} cells={submission.metrics} leaderboardHref={`/benchmarks/${module.id}`} note={submission.note} />,
    details: items && itemRows ? <ModuleItems submissionId={submission.id} decl={itemRows} data={items} /> : null,
  };
}
