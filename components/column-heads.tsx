import type { ReactNode } from "react";

type ColumnCells = readonly (string | readonly [ReactNode, string])[];

/** A table's column headers: a label in the shared class, or [label, its own class]. */
export function ColumnHeads({ className, cells }: { className?: string; cells: ColumnCells }) {
  return cells.map((cell, i) => {
    const [label, own] = typeof cell === "string" ? [cell, className] : cell;
    return (
      <th key={i} scope="col" className={own}>
        {label}
      </th>
    );
  });
}

/** A table's head of one row of column headers (ColumnHeads, in `cellClassName`); `className` is the <thead>'s. */
export function TableHead({ className, cellClassName, cells }: { className?: string; cellClassName?: string; cells: ColumnCells }) {
  return (
    <thead className={className}>
      <tr>
        <ColumnHeads className={cellClassName} cells={cells} />
      </tr>
    </thead>
  );
}
