import { describe, expect, it } from "vitest";
import { REFERENCE_LABEL_LINE, layoutLabels, overlaps, referenceLabelBoxes, type Box, type LayoutPoint } from "./label-layout";
import { textWidth, wrapText } from "./text-measure";

/** A deterministic pseudo-random sequence (mulberry32), so the clustered inputs are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  "GPT-5.2",
  "Claude Sonnet 4.5",
  "Gemini 2.5 Pro",
  "DeepSeek-V3.2",
  "Qwen3-235B-A22B",
  "GPT-4.1",
  "Llama 4 Maverick",
  "Kimi K2",
  "GLM-4.6",
  "Mistral Large 2",
];

/** `n` points in a small region of a plot (precision and recall of real systems sit close together). */
function cluster(n: number, seed: number, plot: Box, spread = 0.15): LayoutPoint[] {
  const next = random(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    label: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` #${Math.floor(i / NAMES.length) + 1}` : ""}`,
    x: plot.x + plot.w * (0.4 + spread * next()),
    y: plot.y + plot.h * (0.4 + spread * next()),
  }));
}

function checkLayout(points: LayoutPoint[], plot: Box, radius: number) {
  const layout = layoutLabels(points, { bounds: plot, fontSize: 11, markerRadius: radius });
  const boxes = [...layout.labels.map((l) => l.box), ...layout.keys.flatMap((k) => (k.box ? [k.box] : []))];
  // no two placed boxes (names and key numbers) overlap
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `boxes ${i} and ${j}`).toBe(false);
  // no box covers a point's marker, and every box is inside the plot
  for (const box of boxes) {
    for (const p of points) expect(overlaps(box, { x: p.x - radius, y: p.y - radius, w: 2 * radius, h: 2 * radius })).toBe(false);
    expect(box.x >= plot.x && box.y >= plot.y && box.x + box.w <= plot.x + plot.w && box.y + box.h <= plot.y + plot.h).toBe(true);
  }
  // every point has exactly one of a name or a key, and a name box is as wide as its text
  const named = layout.labels.map((l) => l.id);
  const keyed = layout.keys.map((k) => k.id);
  expect([...named, ...keyed].sort()).toEqual(points.map((p) => p.id).sort());
  for (const l of layout.labels) expect(l.box.w).toBeGreaterThanOrEqual(textWidth(l.text, 11));
  // keys are numbered 1..k in priority order, and carry the name for the list under the chart
  expect(layout.keys.map((k) => k.key)).toEqual(layout.keys.map((_, i) => i + 1));
  for (const k of layout.keys) expect(k.text).toBe(points.find((p) => p.id === k.id)!.label);
  return layout;
}

describe("layoutLabels", () => {
  const desktop: Box = { x: 44, y: 12, w: 560, h: 300 };
  const phone: Box = { x: 44, y: 12, w: 300, h: 260 };

  it.each([
    ["20 points clustered close together, desktop", 20, 1, desktop],
    ["20 points clustered close together, phone", 20, 2, phone],
    ["40 points clustered, phone", 40, 3, phone],
    ["12 points spread out, desktop", 12, 4, desktop],
  ] as const)("%s: no overlaps, every point named or keyed", (_name, n, seed, plot) => {
    checkLayout(cluster(n, seed, plot, n === 12 ? 0.5 : 0.15), plot, 4);
  });

  it("names every point of a sparse scatter (no key needed)", () => {
    const points = [0.1, 0.3, 0.5, 0.7].map((f, i) => ({ id: `p${i}`, label: NAMES[i]!, x: desktop.x + desktop.w * f, y: desktop.y + desktop.h * (1 - f) }));
    const layout = checkLayout(points, desktop, 4);
    expect(layout.keys).toEqual([]);
    // the preferred spot is right of the point
    expect(layout.labels[0]!.box.x).toBeGreaterThan(points[0]!.x);
  });

  it("gives the first (most important) point the first choice: two coincident points, the second is keyed", () => {
    const points = [
      { id: "a", label: "A very long system name indeed", x: 300, y: 100 },
      { id: "b", label: "Another very long system name", x: 300, y: 100 },
      { id: "c", label: "Third very long system name", x: 300, y: 100 },
      { id: "d", label: "Fourth very long system name", x: 300, y: 100 },
      { id: "e", label: "Fifth very long system name", x: 300, y: 100 },
    ];
    const layout = checkLayout(points, { x: 200, y: 60, w: 400, h: 80 }, 4);
    expect(layout.labels[0]!.id).toBe("a");
    expect(layout.keys.length).toBeGreaterThan(0);
  });

  it("leaves the given obstacles uncovered (the F1 curves' own labels)", () => {
    const obstacle = { x: 305, y: 100, w: 120, h: 20 };
    const points = [{ id: "a", label: "GPT-5.2", x: 300, y: 110 }];
    const free = layoutLabels(points, { bounds: desktop, fontSize: 11, markerRadius: 4 });
    expect(overlaps(free.labels[0]!.box, obstacle)).toBe(true);
    const avoided = layoutLabels(points, { bounds: desktop, fontSize: 11, markerRadius: 4, obstacles: [obstacle] });
    expect(overlaps(avoided.labels[0]!.box, obstacle)).toBe(false);
  });

  it("keeps a label near the plot's edge inside the plot (placed on the other side)", () => {
    const layout = checkLayout([{ id: "edge", label: "Claude Sonnet 4.5", x: desktop.x + desktop.w - 2, y: 100 }], desktop, 4);
    expect(layout.labels[0]!.box.x + layout.labels[0]!.box.w).toBeLessThanOrEqual(desktop.x + desktop.w);
  });
});

describe("textWidth and wrapText", () => {
  it("measures wider text wider, and scales with the font size", () => {
    expect(textWidth("WWW", 12)).toBeGreaterThan(textWidth("iii", 12));
    expect(textWidth("GPT-4.1", 24)).toBeGreaterThanOrEqual(2 * textWidth("GPT-4.1", 12) - 1);
  });

  it.each([
    ["Claude Sonnet 4.5 (re-scored)", 90],
    ["Qwen3-235B-A22B-Instruct-2507", 80],
    ["Supercalifragilisticexpialidocious", 60],
    ["GPT-4.1", 200],
  ])("wraps %j into lines of at most %d px, dropping no character", (text, width) => {
    const lines = wrapText(text, width, 12);
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(width);
    expect(lines.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
    if (textWidth(text, 12) <= width) expect(lines).toEqual([text]);
    else expect(lines.length).toBeGreaterThan(1);
  });
});

describe("referenceLabelBoxes", () => {
  it("two references at nearly the same figure get a line each, above the plot and inside the chart", () => {
    // the real Task 1 board: "Empty prediction" at 0.000 and "Labels and types only" at 0.187, 20 px apart
    const boxes = referenceLabelBoxes(
      [
        { id: "b", x: 220, text: "Labels and types only (baseline): 0.187" },
        { id: "a", x: 200, text: "Empty prediction (baseline): 0.000" },
      ],
      40,
      380,
      10,
    );
    expect(boxes.map((b) => b.id)).toEqual(["a", "b"]);
    expect(overlaps(boxes[0]!, boxes[1]!)).toBe(false);
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(380);
      expect(b.y + b.h).toBeLessThanOrEqual(40);
      expect(b.y).toBeGreaterThanOrEqual(40 - 2 * REFERENCE_LABEL_LINE);
    }
  });

  it("a reference at the chart's left or right edge keeps its whole label inside", () => {
    const [left, right] = referenceLabelBoxes(
      [
        { id: "l", x: 2, text: "Empty prediction: 0.000" },
        { id: "r", x: 379, text: "Copy of the input: 0.990" },
      ],
      30,
      380,
      10,
    );
    expect(left!.x).toBe(0);
    expect(right!.x + right!.w).toBeLessThanOrEqual(380);
  });
});
