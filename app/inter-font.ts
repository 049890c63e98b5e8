import localFont from "next/font/local";

/**
 * Inter's Latin face (variable weight, self-hosted: no network), through next/font so that every page preloads it
 * and, until it is in, lays text out in a fallback sized to Inter's metrics (Arial adjusted). With the bare
 * @font-face, a page was first drawn in the system font until Inter arrived, and long board names that fit in Inter
 * wrapped onto second lines (with the font's requests refused, one PersonalLLM logged name still wraps: 16 rows on
 * that view's first screen where Inter shows 17). Other scripts (Latin Extended, Greek, Cyrillic, Vietnamese)
 * come from the same package's @font-face rules (app/globals.css), each fetched only when a page uses it.
 */
export const interLatin = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter-latin",
  adjustFontFallback: "Arial",
});
