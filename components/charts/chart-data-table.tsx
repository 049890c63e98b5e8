"use client";

import { useState } from "react";
import { TableHead } from "../column-heads";

/** A chart's figures as a table: its text alternative. */
export type ChartTable = { caption: string; columns: string[]; rows: string[][] };

/**
 * A chart's figures as a table inside a disclosure. The table is mounted when the disclosure opens: closed, it
 * is hidden from everyone anyway, and the page then holds one data table (the leaderboard's), not one per chart.
 */
export function ChartDataTable({ id, title, table }: { id: string; title: string; table: ChartTable }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-fg-muted hover:text-fg">Data table: {title}</summary>
      {open ? (
        <div className="mt-2 max-h-96 overflow-auto">
          <table className="num w-full border-collapse text-left text-xs" data-chart-table={id}>
            <caption className="sr-only">{table.caption}</caption>
            <TableHead cellClassName="border-b border-line px-2 py-1 font-medium text-fg-muted" cells={table.columns} />
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="border-b border-line px-2 py-1 font-normal text-fg">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="border-b border-line px-2 py-1 text-fg">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
