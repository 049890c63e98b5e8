import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { AlpsBenchRankingNote } from "./ranking-note";

/** Issue 39 #5: /submit says before the upload on which boards the row will be ranked and why not on the others. */
const text = (judgeConfigured: boolean) => renderToStaticMarkup(AlpsBenchRankingNote({ judgeConfigured }) as ReactElement).replace(/<[^>]+>/g, "");

describe("/submit's where-your-row-is-ranked note", () => {
  test("without a judge: the overview counts the four tracks an upload can get here and Task 4 waits for a judge", () => {
    const note = text(false);
    expect(note).toContain("all 4 tracks it counts on this server: Task 1 · Extraction, Task 2 · Update, Task 3 · d100, Task 3 · d1000.");
    expect(note).toContain("Task 4 waits for a judge");
    expect(note).toContain("held for review");
    expect(note).toContain("ranked all the same with a &quot;below &lt;reference&gt;&quot; mark");
  });

  test("with a judge: the five Task 4 abilities count too, and nothing waits", () => {
    const note = text(true);
    expect(note).toContain("all 9 tracks it counts on this server");
    expect(note).toContain("Task 4 · EI");
    expect(note).not.toContain("waits for a judge");
  });
});
