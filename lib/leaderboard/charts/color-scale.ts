/**
 * The sequential colour scale of heat cells: viridis (perceptually uniform, readable in greyscale and by the
 * common colour-vision deficiencies). The stops are app/globals.css's --color-seq-0..6; they are repeated
 * here because a cell's text colour is chosen from its background, which needs the numbers.
 */
export const VIRIDIS_STOPS = ["#440154", "#443983", "#31688e", "#21918c", "#35b779", "#90d743", "#fde725"] as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: "${hex}"`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** Position of a value in [min, max] as 0..1, clamped; a flat domain maps everything to the middle. */
export function normalise(value: number, min: number, max: number): number {
  if (!(max > min)) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** Viridis colour at t in [0, 1] (clamped), linearly interpolated between the stops. */
export function viridis(t: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  const scaled = clamped * (VIRIDIS_STOPS.length - 1);
  const i = Math.min(VIRIDIS_STOPS.length - 2, Math.floor(scaled));
  const f = scaled - i;
  const a = parseHex(VIRIDIS_STOPS[i]!);
  const b = parseHex(VIRIDIS_STOPS[i + 1]!);
  return toHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Pure black: viridis's mid teal (#26858d) reaches only 4.4:1 against a softer near-black.
export const DARK_TEXT = "#000000";
export const LIGHT_TEXT = "#ffffff";

/** The text colour (near-black or white) with the higher contrast on the given background. */
export function textColorOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
