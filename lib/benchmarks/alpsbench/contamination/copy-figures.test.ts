import { describe, expect, test } from "vitest";
import { copyReason, readCopyFigures } from "./copy-figures";

/**
 * The copy's reason is public (the downloads' `unranked_reason`, the status API's review reason): moving the copy
 * check's finding from the platform's row field to AlpsBench's own table must not change a byte of it. The sentence
 * below is the one the platform's `unrankedReason` built before the move (lib/leaderboard/to-table.ts at e34977d).
 */
describe("a copy's reason and stored figures", () => {
  const figures = { submissionId: "s-1", system: "Copy the input (baseline)", track: "task2", shared: 451, compared: 454, share: 451 / 454 };

  test("the reason names the run copied and how much of the upload it covers, as before the move", () => {
    expect(copyReason(figures, true)).toBe(
      'A copy of "Copy the input (baseline)" (submission s-1): 451 of its 454 predicted rows on task2 are that run\'s, once item order, memory ids and trimmed rows are set aside, so it is not ranked.',
    );
  });

  test("a run no longer public is not named: neither its system nor its id", () => {
    const reason = copyReason(figures, false);
    expect(reason).toBe(
      "A copy of an earlier run that is no longer public: 451 of its 454 predicted rows on task2 are that run's, once item order, memory ids and trimmed rows are set aside, so it is not ranked.",
    );
    expect(reason).not.toContain("s-1");
  });

  test("stored figures read back; anything else (a JSON null, a partial object) is no copy", () => {
    expect(readCopyFigures(figures)).toEqual(figures);
    expect(readCopyFigures(null)).toBeNull();
    expect(readCopyFigures({ system: "y", share: 1 })).toBeNull();
  });
});
