import { describe, expect, test } from "vitest";
import { groupsBelow, parsePs } from "./process-tree";

describe("groupsBelow (the groups npm test ends on a signal)", () => {
  const table = parsePs(
    [
      "    1     0     1",
      "  100     1   100", // npm test itself
      "  200   100   200", // a lane's vitest (detached: its own group)
      "  201   200   200", // its worker
      "  300   201   300", // a server the e2e setup started detached
      "  301   300   300", // the server's child
      "  400     1   400", // someone else's process
      "  500   100   100", // a helper in npm test's own group
    ].join("\n"),
  );
  test("every group below the roots, detached servers included, never another's nor the caller's", () => {
    expect(groupsBelow(table, [200], 100).sort()).toEqual([200, 300]);
    expect(groupsBelow(table, [100], 100).sort()).toEqual([200, 300]);
    expect(groupsBelow(table, [999], 100)).toEqual([]);
  });
});
