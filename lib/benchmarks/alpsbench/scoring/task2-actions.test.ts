import { describe, expect, test } from "vitest";
import { deriveTask2Actions, scoreTask2Actions } from "./task2-actions";

const mem = (id: string, value: string, label = "Work/Job") => ({ memory_id: id, type: "direct", label, value, confidence: 0.9 });
const pool = [mem("m1", "Works as a nurse in Berlin"), mem("m2", "Likes green tea", "Preferences/Food"), mem("m3", "Has two cats", "Possessions/Pet")];
const gold = [
  mem("m1", "Works as a nurse in Berlin"),
  mem("m2_updated", "Now prefers black coffee over green tea", "Preferences/Food"),
  mem("m3", "Has two cats", "Possessions/Pet"),
  mem("m_new_1", "Is training for a marathon", "Health/Exercise"),
];

describe("deriveTask2Actions", () => {
  test("reads retention, modification and addition from the ids", () => {
    const { actions, problems } = deriveTask2Actions(pool, gold, "m2");
    expect(actions.map((a) => [a.kind, a.goldId, a.poolIndex])).toEqual([
      ["retention", "m1", 0],
      ["modification", "m2_updated", 1],
      ["retention", "m3", 2],
      ["addition", "m_new_1", null],
    ]);
    expect(problems).toEqual([]);
  });

  test.each([
    ["unknown id is reported, not an action", [mem("zzz", "x")], "m2", 0, 1],
    ["item without id", [{ value: "x" }], "m2", 0, 1],
    ["gold not a list", "nope", "m2", 0, 1],
    ["no selected id: _updated is not recognised", [mem("m2_updated", "x")], null, 0, 2],
  ])("%s", (_n, g, sel, nActions, nProblems) => {
    const r = deriveTask2Actions(pool, g, sel);
    expect(r.actions.length).toBe(nActions);
    expect(r.problems.length).toBe(nProblems);
  });
});

describe("scoreTask2Actions", () => {
  const kept = [mem("p1", "Works as a nurse in Berlin"), mem("p3", "Has two cats", "Possessions/Pet")];
  test.each([
    [
      "perfect update realizes everything",
      [...kept, mem("p2", "Now prefers black coffee over green tea", "Preferences/Food"), mem("p4", "Is training for a marathon", "Health/Exercise")],
      { retention: 2, modification: 1, addition: 1 },
    ],
    [
      "copying the old memory is not a modification",
      [...kept, mem("p2", "Likes green tea", "Preferences/Food"), mem("p4", "Is training for a marathon", "Health/Exercise")],
      { retention: 2, modification: 0, addition: 1 },
    ],
    [
      "dropping the new memory misses the addition",
      [...kept, mem("p2", "Now prefers black coffee over green tea", "Preferences/Food")],
      { retention: 2, modification: 1, addition: 0 },
    ],
    ["an empty prediction realizes nothing", [], { retention: 0, modification: 0, addition: 0 }],
  ])("%s", (_n, pred, realized) => {
    const r = scoreTask2Actions(pool, gold, "m2", pred);
    expect({ retention: r.byKind.retention.realized, modification: r.byKind.modification.realized, addition: r.byKind.addition.realized }).toEqual(realized);
    expect(r.accuracy).toBe((realized.retention + realized.modification + realized.addition) / 4);
  });

  test("an unchanged 'update' counts as realized when matched", () => {
    const same = [mem("m1", "Works as a nurse in Berlin")];
    const r = scoreTask2Actions(same, [mem("m1_updated", "Works as a nurse in Berlin")], "m1", [mem("p", "Works as a nurse in Berlin")]);
    expect(r.byKind.modification).toEqual({ total: 1, realized: 1 });
  });
});
