import type { ReactNode } from "react";

/** A page section's heading (its id labels the section: aria-labelledby), in the pages' one section-heading style. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-fg">
      {children}
    </h2>
  );
}
