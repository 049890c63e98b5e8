import { ColumnHeads } from "@/components/column-heads";
/** The header row of a submission's metrics table (AlpsBench tracks and module uploads share it). */
export function MetricsTableHead({ scoredBy = false }: { scoredBy?: boolean }) {
  const th = "px-3 py-2 text-right font-medium sm:px-4";
  return (
    <thead className="bg-surface-muted text-fg-muted">
      <tr>
        <ColumnHeads className={th} cells={[["Metric", "px-3 py-2 text-left font-medium sm:px-4"], "Value", "95% CI", "n"]} />
        {scoredBy ? (
          <th scope="col" className="hidden px-4 py-2 text-left font-medium sm:table-cell">
            Scored by
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
