import type { ItemRowsDeclaration } from "@/lib/benchmarks/types";
import { ITEMS_PAGE_SIZE, type ItemsPage } from "@/lib/db/queries/module-items";
import { SectionHeading } from "@/components/section-heading";

/**
 * The per-item rows of a module upload (one per PersonalLLM user): one server-rendered page of at most 50 rows,
 * sorted and paged by the database through plain links (`?items_sort=score&items_dir=desc&items_page=2`), so the
 * page stays small however many items there are; the whole list is a CSV/JSON download.
 */
export function ModuleItems({ submissionId, decl, data }: { submissionId: string; decl: ItemRowsDeclaration; data: ItemsPage }) {
  const columns = decl.columns.filter((c) => c.table !== false);
  const href = (change: Partial<{ page: number; sort: string; dir: string }>) => {
    const next = { page: data.page, sort: data.sort, dir: data.dir, ...change };
    return `?items_page=${next.page}&items_sort=${encodeURIComponent(next.sort)}&items_dir=${next.dir}#items-title`;
  };
  const sortLink = (id: string, label: string) => {
    const current = data.sort === id;
    const dir = current && data.dir === "asc" ? "desc" : "asc";
    return (
      <a
        href={href({ sort: id, dir, page: 1 })}
        className="underline-offset-2 hover:underline"
        aria-label={`Sort by ${label}${dir === "desc" ? ", descending" : ""}`}
      >
        {label}
        {current ? (data.dir === "asc" ? " ▲" : " ▼") : ""}
      </a>
    );
  };
  const ariaSort = (id: string) => (data.sort === id ? (data.dir === "asc" ? "ascending" : "descending") : undefined);
  const id = encodeURIComponent(submissionId);
  const button = "rounded-md border border-line bg-surface px-2.5 py-1 text-[0.8125rem] font-medium text-accent hover:bg-surface-hover";
  const cell = (value: unknown, decimals: number | undefined) =>
    typeof value === "number"
      ? decimals === undefined
        ? String(value)
        : value.toFixed(decimals)
      : typeof value === "boolean"
        ? value
          ? "yes"
          : "no"
        : String(value ?? "–");
  const first = (data.page - 1) * ITEMS_PAGE_SIZE + 1;
  return (
    <section aria-labelledby="items-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <SectionHeading id="items-title">Per-item results</SectionHeading>
        <span className="inline-flex items-center gap-1.5 text-sm" role="group" aria-label="Download every item">
          <span className="text-fg-muted">all {data.total}</span>
          <a className={button} href={`/api/v1/submissions/${id}/items?format=csv`} download aria-label="Per-item results as CSV">
            CSV
          </a>
          <a className={button} href={`/api/v1/submissions/${id}/items?format=json`} download aria-label="Per-item results as JSON">
            JSON
          </a>
        </span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="w-full text-sm" data-testid="module-items">
          <caption className="px-4 pt-3 pb-2 text-left text-fg-muted">
            {data.total === 0 ? "No items." : `Items ${first}–${Math.min(first + data.rows.length - 1, data.total)} of ${data.total}`}
          </caption>
          <thead>
            <tr className="border-t border-line text-left text-xs text-fg-muted">
              <th scope="col" className="px-3 py-2 sm:px-4" aria-sort={ariaSort("item")}>
                {sortLink("item", "Item")}
              </th>
              {columns.map((c) => (
                <th key={c.id} scope="col" className="px-3 py-2 text-right sm:px-4" aria-sort={ariaSort(c.id)}>
                  {c.sortable ? sortLink(c.id, c.label) : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.itemKey} className="border-t border-line">
                <th scope="row" className="px-3 py-1.5 text-left font-mono font-normal text-fg sm:px-4">
                  {row.itemKey}
                </th>
                {columns.map((c) => (
                  <td key={c.id} className="num px-3 py-1.5 text-right text-fg sm:px-4">
                    {cell(row.figures[c.id], c.decimals)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.pages > 1 ? (
        <nav aria-label="Item pages" className="flex items-center gap-3 text-sm">
          {data.page > 1 ? (
            <a className={button} href={href({ page: data.page - 1 })} rel="prev">
              Previous
            </a>
          ) : null}
          <span className="text-fg-muted">
            Page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? (
            <a className={button} href={href({ page: data.page + 1 })} rel="next">
              Next
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
