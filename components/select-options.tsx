import type { ReactNode } from "react";

/** A <select>'s options, one per item: its value (also the key) and its label. */
export function SelectOptions<T>({ items, value, label }: { items: readonly T[]; value(item: T): string; label(item: T): ReactNode }) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
