/**
 * Who may read a run's predictions (its per-instance outputs) beside its scores. The server's own runs (seeds) and
 * reported rows publish theirs; an upload publishes them only when its submitter opted in at upload
 * (Submission.publishPredictions, default off); its owner and admins always may. Test-split gold is a separate
 * rule (never served to anyone): this only decides whether a submitted output may be shown.
 */
type PredictionOwner = { source: "reported" | "seed" | "upload"; publishPredictions: boolean; ownerId: string | null };
type PredictionViewer = { id: string; role: "user" | "admin" } | null;

/** Anyone, signed out included, may read this run's predictions. */
export const predictionsArePublic = (s: Pick<PredictionOwner, "source" | "publishPredictions">): boolean => s.source !== "upload" || s.publishPredictions;

export function mayReadPredictions(s: PredictionOwner, viewer: PredictionViewer): boolean {
  if (predictionsArePublic(s)) return true;
  return viewer !== null && (viewer.role === "admin" || (s.ownerId !== null && viewer.id === s.ownerId));
}
