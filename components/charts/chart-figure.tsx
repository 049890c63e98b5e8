import type { ReactNode } from "react";
import { ChartDataTable, type ChartTable } from "./chart-data-table";

/**
 * The frame every chart shares: a heading and a caption saying what it shows and where its figures come from,
 * the chart, and the same figures as a table in a disclosure (the text alternative for screen readers and
 * for anyone who wants the numbers). Works in server and client components (no hooks of its own).
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
      <ChartDataTable id={id} title={title} table={table} />
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
