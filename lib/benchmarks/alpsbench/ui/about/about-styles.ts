/** The About page's heading and paragraph styles (the platform's part of the page, app/about, uses the same). */
export const h2 = "mt-10 text-xl font-semibold text-fg";
export const p = "mt-3 max-w-3xl text-fg-muted leading-relaxed";
