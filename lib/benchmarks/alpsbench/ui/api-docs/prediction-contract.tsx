import type { ReactNode } from "react";
import { TableHead } from "@/components/column-heads";
import { officialTrackName, releaseFolderOf, TRACK_IDS, TRACK_LABELS, type TrackId } from "../../track-ids";

/** The row each track takes: the official prediction contract (SCORING.md), as the authors' harness writes it. */
const ROWS: { tracks: (track: TrackId) => boolean; row: string; notes: string }[] = [
  {
    tracks: (t) => t === "task1" || t === "task2",
    row: '{"benchmark_id", "memory_items": [{"memory_id", "type", "label", "value", "confidence", "evidence_text"?}]}',
    notes: "Task 2: the full memory state after the update. Other item keys are carried, not scored.",
  },
  {
    tracks: (t) => t.startsWith("task3/"),
    row: '{"benchmark_id", "answer", "reason", "selected_memory_id"}',
    notes: "selected_memory_id decides recall; the judge reads answer and reason.",
  },
  {
    tracks: (t) => t.startsWith("task4/"),
    row: '{"benchmark_id", "answer", "used_memory_fact"}',
    notes:
      "One row per instance, one answer: the answer to the instance's first query, the one the official harness shows the model. " +
      "Ability 5 (EI) instances hold five queries, and the harness still writes one row with one answer (judged on resonation, expression, reception). " +
      'used_memory_fact is carried, not scored. Also accepted: the older multi-query form {"benchmark_id", "responses": [{"query_id", "response"}]}, ' +
      "one response per query (query_id <benchmark_id>:<n>; EI: five), not both forms in one row.",
  },
];

/** /api-docs' part for AlpsBench (its `apiDocs.contract` hook): prediction files, every track's names and row shape. */
export function alpsBenchContractDocs(): ReactNode {
  return (
    <div className="space-y-2">
      <p className="text-fg-muted">
        Prediction files follow the official prediction contract of the authors&apos; harness (<code>docs/prediction_contract.md</code> in ThisIsCosine/AlpsBench):
        one row per input row, keyed by <code>benchmark_id</code>, exactly as the harness writes <code>predictions.jsonl</code>. A track may be named as the harness
        names it (<code>task3_d300</code>, <code>task4_ability2</code>), by its release folder (<code>task3/d300</code>) or by its URL slug (<code>task3-d300</code>
        ), in the <code>task</code> field and on the command line alike. A row given as JSON text (a JSON-encoded string, or fenced JSON) is read as the object it
        holds, with a warning; control characters other than tab and line breaks are refused with their line and field.
      </p>
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="w-full text-left text-sm">
          <TableHead className="bg-surface-muted text-xs text-fg-muted" cellClassName="px-3 py-2" cells={["Tracks", "Row", "Notes"]} />
          <tbody>
            {ROWS.map((shape) => {
              const tracks = TRACK_IDS.filter(shape.tracks);
              return (
                <tr key={shape.row} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-2 font-mono font-medium">
                    {tracks.map((t) => (
                      <span key={t} className="block whitespace-nowrap" title={TRACK_LABELS[t]}>
                        {officialTrackName(t)}
                        {releaseFolderOf(t) !== officialTrackName(t) ? ` (${releaseFolderOf(t)})` : ""}
                      </span>
                    ))}
                  </th>
                  <td className="px-3 py-2 font-mono text-xs break-words">{shape.row}</td>
                  <td className="px-3 py-2 text-fg-muted">{shape.notes}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
