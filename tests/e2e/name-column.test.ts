import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openPage } from "./browser";

/**
 * The System column of the overview in Chromium: a name beside marks ("pending review, unranked", "≤ labels and
 * types only") keeps its room and the marks give way, down to 3rem each. The name shrank first: a short name read
 * "MemW…" beside its badges. The marks are the table's own (`lb-by`), added to each row's line here so every row
 * of the imported board is tried.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openPage({ viewport: { width: 1280, height: 900 }, colorScheme: "light" }, []));
});
afterAll(() => browser?.close());

/** Each line's name: the width shown, the width it needs, and the room the line leaves it once the marks are at 3rem. */
async function namesBesideMarks(p: Page) {
  return p.locator("table .lb-line").evaluateAll((els) =>
    els.flatMap((line) => {
      const name = line.querySelector<HTMLElement>(".lb-name");
      if (!name) return [];
      const mark = document.createElement("span");
      mark.className = "lb-by";
      mark.textContent = "pending review, unranked · ≤ labels and types only";
      line.insertBefore(mark, name.nextSibling);
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const gap = parseFloat(getComputedStyle(line).columnGap) || 0;
      const others = [...line.children].filter((c) => c !== name && c !== mark && getComputedStyle(c).position !== "absolute");
      const fixed = others.reduce((sum, c) => sum + c.getBoundingClientRect().width + gap, 0);
      const room = line.clientWidth - fixed - 3 * rem - gap;
      return [{ text: name.textContent ?? "", shown: name.getBoundingClientRect().width, needs: name.scrollWidth, room, mark: mark.getBoundingClientRect().width }];
    }),
  );
}

describe("overview at 1280 px", () => {
  test("a name beside long marks shows whole when the line holds it with the marks at 3rem; the marks are cut first", async () => {
    await page.goto(`${baseUrl}/`);
    const lines = await namesBesideMarks(page);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.shown + 1, `${l.text}: ${l.shown}px shown of ${l.needs}px (room ${l.room}px, mark ${l.mark}px)`).toBeGreaterThanOrEqual(Math.min(l.needs, l.room));
      expect(l.mark + 0.5).toBeGreaterThanOrEqual(48);
    }
  });
});
