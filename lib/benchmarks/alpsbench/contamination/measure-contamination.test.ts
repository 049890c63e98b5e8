import { describe, expect, test } from "vitest";
import { CONTAMINATION_THRESHOLD, countedSkeletons, measureContamination, MIN_VALUES } from "./measure-contamination";
import { predictedSkeletons, valueSkeleton } from "./predicted-values";
import { dialogueMatchCounts, NO_DIALOGUE_MATCHES, VALUE_MATCH } from "./dialogue-match";
import { buildPublicValueIndex, publicValuesByDialogue } from "./public-value-index";
import { skeletonsBySplit } from "@/tests/helpers/alpsbench/contamination/skeletons-by-split";

// (no fact contains another: "number 3" would be inside "number 30")
const facts = Array.from({ length: 40 }, (_, i) => `the user lives in town number ${i} now`);
const index = buildPublicValueIndex([
  { track: "task2", input: { memory: facts.slice(0, 30).map((value) => ({ value })) } },
  { track: "task3/d100", input: { candidate_memories: facts.slice(10).map((value) => ({ value })) } },
  { track: "task1", input: { memory: [{ value: "never counted: task 1 inputs are dialogues" }] } },
]);
const rows = (values: string[]) => [{ benchmark_id: "x", memory_items: values.map((value) => ({ value })) }];
const invented = Array.from({ length: 40 }, (_, i) => `invented value number ${i} here`);

describe("contamination figures", () => {
  test("values are compared by skeleton; values under three tokens count only when they contain a public value", () => {
    expect(valueSkeleton("  The USER lives in Town number 3, now!! ")).toBe(valueSkeleton("the user lives in town number 3 now"));
    const predicted = predictedSkeletons([
      { memory_items: [{ value: "likes green tea a lot" }, { value: "Likes green tea a lot!" }, { value: "English" }, "junk"] },
      "junk",
    ]);
    expect([...predicted]).toEqual([
      ["llkesgreenteaalot", true],
      ["engllsh", false],
    ]);
    expect(countedSkeletons(predicted, index)).toEqual(["llkesgreenteaalot"]);
    expect(countedSkeletons(predictedSkeletons(rows(["theuserlivesintownnumber3now"])), index)).toHaveLength(1);
  });

  test.each([
    ["a copy of the public inputs", facts, 1, true],
    ["a fifth copied", [...facts.slice(0, 10), ...invented], 0.2, true],
    ["nothing copied", invented, 0, false],
    ["too few values to say", facts.slice(0, MIN_VALUES - 1), 1, false],
    // the attacker's edits of the first check (exact keys): both were share 0 and ranked first
    ["(a) 'The user: ' + VALUE + ' !'", facts.map((v) => `The user: ${v.toUpperCase()} !`), 1, true],
    ["(b) Cyrillic е for Latin e", facts.map((v) => v.replaceAll("e", "\u0435")), 1, true],
    ["spaces removed (one token each)", facts.map((v) => v.replaceAll(" ", "")), 1, true],
  ])("%s", (_label, values, share, flagged) => {
    const figures = measureContamination(predictedSkeletons(rows(values)), index, null);
    expect(figures.publicShare).toBeCloseTo(share, 10);
    expect(figures.flagged).toBe(flagged);
    expect(figures.threshold).toBe(CONTAMINATION_THRESHOLD);
  });

  test("a value that is not a string is read as the scorer reads it (its JSON text): an array-wrapped copy counts", () => {
    const wrapped = [{ benchmark_id: "x", memory_items: facts.slice(0, 25).map((value) => ({ value: [value] })) }];
    const figures = measureContamination(predictedSkeletons(wrapped), index, null);
    expect(figures.values).toBe(25);
    expect(figures.publicShare).toBe(1);
    expect(figures.flagged).toBe(true);
    expect(valueSkeleton(null)).toBeNull();
    expect(valueSkeleton({ value: "the user lives in town number 3 now" })).toContain(valueSkeleton("the user lives in town number 3 now"));
  });

  test("per source shares, and the closest earlier submission", () => {
    const predicted = predictedSkeletons(rows(facts));
    const figures = measureContamination(predicted, index, { submissionId: "s1", shared: 40 });
    expect(figures).toMatchObject({ values: 40, task2InputShare: 30 / 40, task3CandidateShare: 30 / 40, submissionShare: 1, submissionId: "s1", flagged: true });
    expect(measureContamination(predictedSkeletons(rows(invented)), index, { submissionId: "s2", shared: 8 })).toMatchObject({
      submissionShare: 0.2,
      flagged: true,
    });
  });
});

describe("a copy on one split diluted by junk on another", () => {
  test("the whole file stays under the threshold, the copied split alone does not: flagged, with that split's figures", async () => {
    const { withSplits } = await import("@/lib/benchmarks/alpsbench/contamination/contamination-check");
    // 25 test rows copy public values; 200 dev rows carry invented values: the whole file's share is 25 / 225 = 11 %
    const testRows = facts.slice(0, 25).map((value, i) => ({ benchmark_id: `t${i}`, memory_items: [{ value }] }));
    const devRows = Array.from({ length: 200 }, (_, i) => ({ benchmark_id: `d${i}`, memory_items: [{ value: `invented value number ${i} here` }] }));
    const rows = [...testRows, ...devRows];
    const whole = measureContamination(predictedSkeletons(rows), index, null);
    expect(whole.flagged).toBe(false);
    const splitOf = (id: string) => (id.startsWith("t") ? "test" : "dev");
    const figures = withSplits(whole, skeletonsBySplit(rows, splitOf), index);
    expect(figures.flagged).toBe(true);
    expect(figures.split).toEqual({ name: "test", values: 25, publicShare: 1 });
    expect(figures.publicShare).toBe(whole.publicShare);
    // without split information (a single-split upload) nothing changes
    expect(withSplits(whole, skeletonsBySplit(rows), index)).toBe(whole);
  });
});

describe("dialogue figures: each row against its own dialogue's public memories, by the scorer's similarity", () => {
  // 30 dialogues of two public memories each (Task 2 inputs of the session = the Task 1 gold)
  const gold = (k: number) => [`prefers horror movies with jump scares number ${k}`, `works as a nurse in hospital ward ${k}`];
  const dialogues = publicValuesByDialogue([
    ...Array.from({ length: 30 }, (_, k) => ({ track: "task1", benchmarkId: `sess_${k}__1`, sessionId: `sess_${k}` })),
    ...Array.from({ length: 30 }, (_, k) => ({
      track: "task2",
      benchmarkId: `sess_${k}`,
      sessionId: `sess_${k}`,
      input: { memory: gold(k).map((value) => ({ value })) },
    })),
  ]);
  const rowsOf = (values: (k: number) => string[]) =>
    Array.from({ length: 30 }, (_, k) => ({ benchmark_id: `sess_${k}__1`, memory_items: values(k).map((value) => ({ value })) }));
  const figuresOf = (rows: unknown[]) =>
    measureContamination(
      predictedSkeletons(rows),
      buildPublicValueIndex([]),
      null,
      dialogueMatchCounts(rows, (id) => dialogues.get(id)),
    );
  const reverse = (v: string) => v.split(" ").reverse().join(" ");

  test.each([
    ["each value's words reversed (the skeleton check's blind spot)", (k: number) => gold(k).map(reverse), 1, 1, true],
    ["reversed, one word dropped", (k: number) => gold(k).map((v) => reverse(v).split(" ").slice(1).join(" ")), 1, 1, true],
    [
      "reversed, diluted by nine junk items per row: the public memories are still covered",
      (k: number) => [...gold(k).map(reverse), ...Array.from({ length: 9 }, (_, j) => `junk item ${j} for ${k}`)],
      2 / 11,
      1,
      true,
    ],
    ["honest paraphrases in other words", (k: number) => [`enjoys scary films ${k}`, `nursing is the user's job`], 0, 0, false],
    [
      "one true fact in ten rows said as the gold says it",
      (k: number) => (k % 10 === 0 ? [gold(k)[0]!, `enjoys tea ${k}`] : [`enjoys tea ${k}`]),
      3 / 33,
      3 / 60,
      false,
    ],
  ])("%s", (_label, values, matchedShare, coveredShare, flagged) => {
    const figures = figuresOf(rowsOf(values));
    expect(figures.dialogue?.matchedShare).toBeCloseTo(matchedShare, 10);
    expect(figures.dialogue?.coveredShare).toBeCloseTo(coveredShare, 10);
    expect(figures.dialogue?.similarity).toBe(VALUE_MATCH);
    expect(figures.flagged).toBe(flagged);
    expect(figures.publicShare).toBe(0); // the skeleton check alone saw nothing
  });

  test("rows of dialogues without public memories, and too few items, say nothing", () => {
    const few = rowsOf((k) => (k < 5 ? gold(k).map(reverse) : []));
    expect(dialogueMatchCounts(few, (id) => dialogues.get(id))).toEqual({ items: 10, matched: 10, publicValues: 60, covered: 10 });
    expect(figuresOf(few).flagged).toBe(false); // 10 items (< MIN_VALUES) and 1/6 of the memories
    expect(dialogueMatchCounts([{ benchmark_id: "elsewhere", memory_items: [{ value: "x y z" }] }], (id) => dialogues.get(id))).toEqual(NO_DIALOGUE_MATCHES);
  });
});

describe("a reordered copy on one split diluted by junk on another", () => {
  test("the whole file's dialogue figures stay under the threshold, the test rows' alone do not: flagged, with that split's figures", async () => {
    const { withSplits } = await import("@/lib/benchmarks/alpsbench/contamination/contamination-check");
    const { addDialogueMatches } = await import("./dialogue-match");
    const value = (k: number) => `the user keeps a garden with roses number ${k}`;
    const dialogues = publicValuesByDialogue([
      ...Array.from({ length: 225 }, (_, k) => ({ track: "task1", benchmarkId: `s${k}__1`, sessionId: `s${k}` })),
      ...Array.from({ length: 225 }, (_, k) => ({ track: "task2", benchmarkId: `s${k}`, sessionId: `s${k}`, input: { memory: [{ value: value(k) }] } })),
    ]);
    // 25 test rows copy their gold with the words reversed; 200 dev rows carry five invented items each
    const testRows = Array.from({ length: 25 }, (_, k) => ({ benchmark_id: `s${k}__1`, memory_items: [{ value: value(k).split(" ").reverse().join(" ") }] }));
    const devRows = Array.from({ length: 200 }, (_, j) => ({
      benchmark_id: `s${25 + j}__1`,
      memory_items: Array.from({ length: 5 }, (_, n) => ({ value: `invented note ${j} ${n}` })),
    }));
    const splitOf = (id: string) => (Number(id.slice(1).split("__")[0]) < 25 ? "test" : "dev");
    const counts = (rows: unknown[]) => dialogueMatchCounts(rows, (id) => dialogues.get(id));
    const bySplit = new Map([
      ["test", counts(testRows)],
      ["dev", counts(devRows)],
    ]);
    const index = buildPublicValueIndex([]);
    const whole = measureContamination(predictedSkeletons([...testRows, ...devRows]), index, null, [...bySplit.values()].reduce(addDialogueMatches));
    expect(whole.dialogue).toMatchObject({ items: 1025, publicValues: 225 });
    expect(whole.dialogue!.coveredShare).toBeCloseTo(25 / 225, 10);
    expect(whole.flagged).toBe(false);
    const figures = withSplits(whole, skeletonsBySplit([...testRows, ...devRows], splitOf), index, bySplit);
    expect(figures.flagged).toBe(true);
    expect(figures.split).toMatchObject({ name: "test", matchedShare: 1, coveredShare: 1 });
  });
});
