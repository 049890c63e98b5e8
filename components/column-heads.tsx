import type { ReactNode } from "react";

/** A table's column headers: a label in the shared class, or [label, its own class]. */
export function ColumnHeads({ className, cells }: { className?: string; cells: readonly (string | readonly [ReactNode, string])[] }) {
  return cells.map((cell, i) => {
    const [label, own] = typeof cell === "string" ? [cell, className] : cell;
    return (
      <th key={i} scope="col" className={own}>
        {label}
      </th>
    );
  });
}
