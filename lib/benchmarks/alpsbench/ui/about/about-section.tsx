import type { ReactNode } from "react";

/** The About page's heading and paragraph styles (the platform's part of the page, app/about, uses the same). */
const h2 = "mt-10 text-xl font-semibold text-fg";
export const p = "mt-3 max-w-3xl text-fg-muted leading-relaxed";

/** One titled section of AlpsBench's part of About (its id is the contents' anchor). */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}
