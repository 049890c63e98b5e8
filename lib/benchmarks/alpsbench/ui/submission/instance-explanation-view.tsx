import type { ExplainedInstance } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { KEPT_ITEMS_MAX, KEPT_ITEMS_MAX_BYTES } from "@/lib/benchmarks/alpsbench/pipeline/kept-submitted-items";
import { MatchExplanationView, StoredMatchView } from "./match-explanation";

/** An opened row's explanation: the matching of a Task 1/2 instance, or a Task 3 pick. Rendered in the browser. */
export function InstanceExplanationView({ instance }: { instance: ExplainedInstance }) {
  const e = instance.explanation;
  if (e.kind === "memory-set") {
    if (e.match && e.pred) return <MatchExplanationView gold={e.gold} pred={e.pred} match={e.match} />;
    if (!e.stored) return <p className="text-sm text-fg-muted">No matching was recorded for this instance.</p>;
    const why = !instance.predictionsShown
      ? "Submitted items are shown only to their submitter and admins"
      : e.predOmitted !== null
        ? `This row held ${e.predOmitted.toLocaleString("en-US")} items, more than are kept per instance for this page (${KEPT_ITEMS_MAX} items, ${KEPT_ITEMS_MAX_BYTES / 1024} KB; the per-instance download has every row's scores)`
        : "The predicted items of this run are not stored with its results";
    return <StoredMatchView gold={e.gold} stored={e.stored} why={why} />;
  }
  if (e.kind === "retrieval") {
    return (
      <div className="text-sm" data-testid="retrieval-explanation">
        <p className={e.hit ? "text-tier-verified-fg" : "text-tier-reported-fg"}>
          {!e.selectionShown ? "Selection not shown" : e.selected === null ? "No memory selected." : `Selected ${e.selected}`} · gold {e.goldId ?? "–"} ·{" "}
          {e.hit ? "hit: the ids are equal" : "miss: the ids differ"}
        </p>
        {e.goldMemory ? (
          <p className="text-fg-muted">
            Gold memory: {e.goldMemory.value} <span className="text-xs">({e.goldMemory.label})</span>
          </p>
        ) : null}
      </div>
    );
  }
  return null;
}
