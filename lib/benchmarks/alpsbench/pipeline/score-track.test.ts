import { describe, expect, it } from "vitest";
import { scoreTrack, type ScorableInstance } from "./score-track";

const gold = { memory_items: [{ memory_id: "m1", type: "direct", label: "Preferences/Food", value: "Likes green tea", confidence: 0.9 }] };
const pred = { memory_items: [{ memory_id: "p1", type: "direct", label: "Preferences/Food", value: "Likes green tea a lot", confidence: 0.8 }] };
const task1: ScorableInstance[] = ["sess_a__1", "sess_b__1", "sess_c__1"].map((benchmarkId) => ({ benchmarkId, input: {}, gold }));

describe("scoreTrack reads a row written as JSON text as the object it holds", () => {
  it("a JSON-encoded string or fenced JSON row on line 2 or later scores exactly as the object row (not as zeros)", () => {
    const rows = [
      { line: 1, value: { benchmark_id: "sess_a__1", ...pred } },
      { line: 2, value: JSON.stringify({ benchmark_id: "sess_b__1", ...pred }) },
      { line: 3, value: `\`\`\`json\n${JSON.stringify({ benchmark_id: "sess_c__1", ...pred }, null, 2)}\n\`\`\`` },
    ];
    const result = scoreTrack("task1", task1, rows);
    const [object, encoded, fenced] = result.instances;
    expect(object!.metrics.algo_score_100).toBeGreaterThan(50);
    expect(encoded).toEqual({ ...object, benchmarkId: "sess_b__1" });
    expect(fenced).toEqual({ ...object, benchmarkId: "sess_c__1" });
    expect(result.coverage).toMatchObject({ scored: 3, rejected: 0, missing: 0 });
    // honest: the reading is reported, with its line
    expect(result.problems.map((p) => [p.line, p.field])).toEqual([
      [2, "(root)"],
      [3, "(root)"],
    ]);
  });

  it("a string that holds no row is rejected with line and field, and the instance scores as missing", () => {
    const result = scoreTrack("task1", task1, [{ line: 2, value: "no JSON here" }]);
    expect(result.coverage).toMatchObject({ scored: 0, rejected: 1 });
    expect(result.problems).toEqual([{ line: 2, benchmarkId: null, field: "(root)", message: "expected a row object, got a string that holds no JSON object" }]);
  });

  it("Task 3: a JSON-text row selects its id", () => {
    const instances: ScorableInstance[] = [{ benchmarkId: "sess_a", input: {}, gold: { selected_memory_id: "c7" } }];
    const row = JSON.stringify({ benchmark_id: "sess_a", answer: "a", reason: "r", selected_memory_id: "c7" });
    expect(scoreTrack("task3/d300", instances, [{ line: 1, value: row }]).instances[0]!.metrics.recall).toBe(1);
  });

  it("Task 4: an official {answer, used_memory_fact} row is one response; the older form counts its responses", () => {
    const queries = ["english_1:0", "english_1:1", "english_1:2", "english_1:3", "english_1:4"].map((query_id) => ({ query_id, query: "q" }));
    const instances: ScorableInstance[] = ["english_1", "english_2"].map((benchmarkId) => ({ benchmarkId, input: { queries }, gold: {} }));
    const result = scoreTrack("task4/ability5", instances, [
      { line: 1, value: { benchmark_id: "english_1", answer: "I hear you.", used_memory_fact: "Feels lonely" } },
      { line: 2, value: { benchmark_id: "english_2", responses: queries.map((q) => ({ query_id: q.query_id, response: "ok" })) } },
    ]);
    expect(result.instances.map((i) => [i.predicted, i.detail])).toEqual([
      [true, { queries: 5, responses: 1 }],
      [true, { queries: 5, responses: 5 }],
    ]);
    expect(result.problems).toEqual([]);
  });
});

describe("memory items that are not objects are dropped before scoring, as the authors' pipeline drops them", () => {
  it("a null and a JSON-string item beside a matching object leave precision at 1 (not 1/3), each with a warning on its line", () => {
    const encoded = JSON.stringify(pred.memory_items[0]);
    const rows = [
      { line: 1, value: { benchmark_id: "sess_a__1", memory_items: [null, pred.memory_items[0], encoded] } },
      { line: 2, value: { benchmark_id: "sess_b__1", ...pred } },
    ];
    const result = scoreTrack("task1", task1.slice(0, 2), rows);
    const [withJunk, clean] = result.instances;
    expect(withJunk!.metrics.precision).toBe(1);
    expect(withJunk!.metrics).toEqual(clean!.metrics);
    expect(withJunk!.detail).toEqual(clean!.detail);
    expect(result.problems).toEqual([
      {
        line: 1,
        benchmarkId: "sess_a__1",
        field: "memory_items[0]",
        message: "expected object, got null (dropped before scoring, as the authors' pipeline drops it)",
      },
      {
        line: 1,
        benchmarkId: "sess_a__1",
        field: "memory_items[2]",
        message: "expected object, got string (dropped before scoring, as the authors' pipeline drops it)",
      },
    ]);
  });

  it("Task 2 too: the dropped items neither count as predictions nor as actions", () => {
    const t2gold = { memory_items: gold.memory_items };
    const instances: ScorableInstance[] = [{ benchmarkId: "sess_a", input: { memory: [] }, gold: t2gold }];
    const plain = scoreTrack("task2", instances, [{ line: 1, value: { benchmark_id: "sess_a", ...pred } }]);
    const junk = scoreTrack("task2", instances, [{ line: 1, value: { benchmark_id: "sess_a", memory_items: [...pred.memory_items, null, 7, "x"] } }]);
    expect(junk.instances[0]!.metrics).toEqual(plain.instances[0]!.metrics);
  });
});
