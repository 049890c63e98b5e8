import { ColumnHeads } from "@/components/column-heads";
/**
 * The header row of a submission's metrics table (AlpsBench tracks and module uploads share it); the cells' look is
 * app/globals.css .metrics-table.
 */
export function MetricsTableHead({ scoredBy = false }: { scoredBy?: boolean }) {
  return (
    <thead>
      <tr>
        <ColumnHeads cells={["Metric", "Value", "95% CI", "n"]} />
        {scoredBy ? (
          <th scope="col" data-scored-by="">
            Scored by
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
