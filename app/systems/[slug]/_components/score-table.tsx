"use client";

import { createContext, use, type ReactNode } from "react";
import { TableHead } from "@/components/column-heads";

/*
 * A submission's score table for one track on the system page. A client component so the page ships each row as a
 * short tuple of its figures, once, instead of every cell as an element with its class in the flight payload beside
 * the same markup; the metric descriptions and judge profiles (the hover notes) are sent once per page, in
 * ScoreNotes, and each row points at them by index (scripts/bench/page-anatomy.ts: on the largest system page the
 * cells and their repeated notes were most of the HTML). The markup is the same as a server-rendered table's.
 */

/** [metric label, index of its description in the notes, value, 95% CI, n, index of the judge profile (-1: none) for a judge metric]. */
export type ScoreRow = [label: string, note: number, value: string, ci: string, n: string, judge?: number];

const Notes = createContext<readonly string[]>([]);

/** The page's hover notes (metric descriptions, judge profiles), which the score tables inside point at. */
export function ScoreNotes({ notes, children }: { notes: readonly string[]; children: ReactNode }) {
  return <Notes value={notes}>{children}</Notes>;
}

export function ScoreTable({ caption, rows }: { caption: string; rows: readonly ScoreRow[] }) {
  const notes = use(Notes);
  return (
    <table className="score-table w-full text-sm" data-testid="system-scores">
      <caption className="bg-surface-muted px-3 py-2 text-left font-medium text-fg">{caption}</caption>
      <TableHead className="text-fg-muted" cells={["Metric", "Value", ["95% CI", "ci"], "n"]} />
      <tbody>
        {rows.map(([label, note, value, ci, n, judge], i) => (
          <tr key={i}>
            <th scope="row">
              <span title={notes[note]}>{label}</span>
              {judge !== undefined ? (
                <span className="judge-badge" title={judge >= 0 ? notes[judge] : undefined}>
                  judge
                </span>
              ) : null}
            </th>
            <td className="num lead">
              {value}
              {/* phones: the interval under the value instead of in its own column */}
              <span className="ci-under">{ci}</span>
            </td>
            <td className="num ci">{ci}</td>
            <td className="num">{n}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
