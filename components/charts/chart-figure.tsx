import type { ReactNode } from "react";

export type ChartTable = { caption: string; columns: string[]; rows: string[][] };

/**
 * The frame every chart shares: a heading and a caption saying what it shows and where its figures come from,
 * the chart, and the same figures as a table in a disclosure (the text alternative for screen readers and
 * for anyone who wants the numbers). Works in server and client components (no hooks).
 */
export function ChartFigure({ id, title, caption, table, children }: { id: string; title: string; caption: ReactNode; table: ChartTable; children: ReactNode }) {
  return (
    <figure className="min-w-0 rounded-lg border border-line bg-surface p-4 shadow-sm" aria-labelledby={`${id}-title`} data-chart={id}>
      <figcaption className="mb-3 space-y-1">
        <h3 id={`${id}-title`} className="text-base font-semibold text-fg">
          {title}
        </h3>
        <p className="text-sm text-fg-muted">{caption}</p>
      </figcaption>
      {children}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-fg-muted hover:text-fg">Data table: {title}</summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <table className="num w-full border-collapse text-left text-xs" data-chart-table={id}>
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={i} scope="col" className="border-b border-line px-2 py-1 font-medium text-fg-muted">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
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
      </details>
    </figure>
  );
}

/** The empty state: the frame's place on the page, saying why there is nothing to draw. */
export function ChartEmpty({ id, title, reason }: { id: string; title: string; reason: string }) {
  return (
    <section className="rounded-lg border border-dashed border-line bg-surface p-4" aria-labelledby={`${id}-title`} data-chart-empty={id}>
      <h3 id={`${id}-title`} className="text-base font-semibold text-fg">
        {title}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{reason}</p>
    </section>
  );
}
