import { textWidth } from "./text-measure";

/**
 * Where to write each point's name on a scatter so that no two names overlap, no name covers a point and
 * every name stays inside the plot: greedy placement over candidate positions around each point, most
 * important point first. A point whose name fits nowhere gets a number key instead (a small number beside
 * the point, and the number with the full name in a list under the chart), so every point can be identified
 * without hovering. Pure: pixel coordinates in, boxes out.
 */

export type Box = { x: number; y: number; w: number; h: number };
export type LayoutPoint = { id: string; x: number; y: number; label: string };
type PlacedLabel = { id: string; text: string; box: Box };
/** `box` is where the key number is drawn; null when even the number found no free spot (the list still has it) */
export type KeyedPoint = { id: string; key: number; text: string; box: Box | null };
type LabelLayout = { labels: PlacedLabel[]; keys: KeyedPoint[] };

type LayoutOptions = {
  /** the plot area labels must stay inside */
  bounds: Box;
  fontSize: number;
  /** half the marker's size: no label may cover any point's marker */
  markerRadius: number;
  /** space between a marker and its label */
  gap?: number;
  /** key numbers' font size */
  keyFontSize?: number;
  /** other text already on the plot (e.g. the F1 curves' labels) that no label may cover */
  obstacles?: readonly Box[];
};

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const inside = (a: Box, bounds: Box) => a.x >= bounds.x && a.y >= bounds.y && a.x + a.w <= bounds.x + bounds.w && a.y + a.h <= bounds.y + bounds.h;

/** Candidate boxes of a w × h label around a point, in order of preference (right, left, above, below, corners). */
function candidates(p: { x: number; y: number }, w: number, h: number, r: number, gap: number): Box[] {
  const d = r + gap;
  const right = p.x + d;
  const left = p.x - d - w;
  const centreX = p.x - w / 2;
  const centreY = p.y - h / 2;
  const above = p.y - d - h;
  const below = p.y + d;
  return [
    { x: right, y: centreY, w, h },
    { x: left, y: centreY, w, h },
    { x: centreX, y: above, w, h },
    { x: centreX, y: below, w, h },
    { x: right - gap, y: above + gap, w, h },
    { x: left + gap, y: above + gap, w, h },
    { x: right - gap, y: below - gap, w, h },
    { x: left + gap, y: below - gap, w, h },
  ];
}

/**
 * Places the labels of `points` (in priority order: the first point gets the first choice of spot). Every point
 * ends up in exactly one of `labels` or `keys`; keys are numbered 1, 2, … in that same order.
 */
export function layoutLabels(points: readonly LayoutPoint[], options: LayoutOptions): LabelLayout {
  const { bounds, fontSize, markerRadius: r } = options;
  const gap = options.gap ?? 3;
  const keyFont = options.keyFontSize ?? Math.max(8, fontSize - 1);
  const lineHeight = Math.ceil(fontSize * 1.25);
  // Every marker is an obstacle from the start, so an early label never hides a later point.
  const taken: Box[] = [...points.map((p) => ({ x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r })), ...(options.obstacles ?? [])];
  const free = (box: Box) => inside(box, bounds) && !taken.some((t) => overlaps(t, box));
  const labels: PlacedLabel[] = [];
  const unplaced: LayoutPoint[] = [];
  for (const p of points) {
    const box = candidates(p, textWidth(p.label, fontSize) + 2, lineHeight, r, gap).find(free);
    if (box) {
      taken.push(box);
      labels.push({ id: p.id, text: p.label, box });
    } else unplaced.push(p);
  }
  // Second pass: the points without a name get a number, placed by the same rule (numbers are small, so most fit).
  const keys = unplaced.map((p, i): KeyedPoint => {
    const key = i + 1;
    const box = candidates(p, textWidth(String(key), keyFont) + 2, Math.ceil(keyFont * 1.25), r, 1).find(free) ?? null;
    if (box) taken.push(box);
    return { id: p.id, key, text: p.label, box };
  });
  return { labels, keys };
}

/** One line of text per reference label, and the gap under the last one. */
export const REFERENCE_LABEL_LINE = 14;

/**
 * Where to write the labels of a chart's reference lines (vertical lines at pixel `x`): each on its own line
 * in the strip above the plot area (`REFERENCE_LABEL_LINE` per label, so two references at nearly the same
 * figure never print over each other, and no label covers a bar), centred on its line but kept inside the
 * chart's `width`. Ordered by x, the leftmost on top.
 */
export function referenceLabelBoxes(
  refs: readonly { id: string; x: number; text: string }[],
  plotTop: number,
  width: number,
  fontSize: number,
): (Box & { id: string; text: string })[] {
  const sorted = [...refs].sort((a, b) => a.x - b.x);
  const top = plotTop - sorted.length * REFERENCE_LABEL_LINE;
  return sorted.map((r, i) => {
    const w = textWidth(r.text, fontSize);
    const x = Math.max(0, Math.min(width - w, r.x - w / 2));
    return { id: r.id, text: r.text, x, y: top + i * REFERENCE_LABEL_LINE, w, h: REFERENCE_LABEL_LINE - 2 };
  });
}
