import type { ReactNode } from "react";

/**
 * The About page's heading and paragraph styles (the platform's part of the page, app/about, uses the same): short
 * classes of app/globals.css, since the page repeats them dozens of times in its markup and its flight payload.
 */
const h2 = "about-h2";
export const p = "about-p";

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
