import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { describe, expect, test, vi } from "vitest";
import { InMemoryJudgeCache } from "@/lib/llm-judge/cache";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { register } from "@/lib/benchmarks/alpsbench/cli/replay-judge";
import { REPLAY_TASKS, type ReplayItemResult, replayJudge } from "./replay-judge";

const FIXTURE = fileURLToPath(new URL("../../../../../tests/fixtures/judge/replay-mini", import.meta.url));
/** The real recorded judge outputs live beside the project (../shared), never inside it. */
const SHARED = fileURLToPath(new URL("../../../../../../shared/data/alpsbench/judge-replay", import.meta.url));
const hasShared = existsSync(SHARED);

function mismatchReport(items: ReplayItemResult[]): string[] {
  return items
    .filter((i) => !i.judge_match || !i.final_match)
    .map(
      (i) =>
        `${i.ability ?? i.task}/${i.id}: judge ${JSON.stringify(i.judge_score)} vs ${JSON.stringify(i.recorded_judge_score)}, final ${JSON.stringify(i.final_score)} vs ${JSON.stringify(i.recorded_final_score)}`,
    );
}

describe("replay on hand-made fixtures", () => {
  test("task1: judged item from a fenced, prose-wrapped recording; not-judged item falls back to algo", async () => {
    const { items, summary } = await replayJudge({ task: "task1", from: FIXTURE });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      id: "sess_fixture01__1",
      status: "judged",
      parse_ok: true,
      judge_score: 77.5,
      final_score: 82.084,
      judge_match: true,
      final_match: true,
    });
    expect(items[0]?.algo_score).toBeCloseTo(86.668, 9);
    expect(items[1]).toMatchObject({ id: "sess_fixture02__2", status: "not_judged", parse_ok: null, judge_score: null, final_score: 0, final_match: true });
    expect(summary).toMatchObject({ items: 2, judged: 1, not_judged: 1, judge_score_matches: 2, final_score_matches: 2, mismatches: [] });
  });

  test("task2, task3, task4 (binary + EI)", async () => {
    const t2 = await replayJudge({ task: "task2", from: FIXTURE });
    expect(t2.items[0]).toMatchObject({ judge_score: 90, final_score: 88.334, judge_match: true, final_match: true });
    const t3 = await replayJudge({ task: "task3", from: FIXTURE });
    expect(t3.items[0]).toMatchObject({ judge_score: 0.9, used_memory: true, judge_match: true });
    const t4 = await replayJudge({ task: "task4", from: FIXTURE });
    expect(t4.items.map((i) => [i.ability, i.judge_score, i.ei_score])).toEqual([
      ["ability1", 1, undefined],
      // judge_score keeps the recorded shape exactly; the EI mean sits beside it
      ["ability5", { response_count: 2, avg_resonation: 3, avg_expression: 5, avg_reception: 3 }, 11 / 3],
    ]);
    expect(t4.summary.mismatches).toEqual([]);
  });

  test("the replay goes through the cache: a second run makes no provider calls", async () => {
    const cache = new InMemoryJudgeCache();
    await replayJudge({ task: "task4", from: FIXTURE, cache });
    const meter = new JudgeMeter();
    const again = await replayJudge({ task: "task4", from: FIXTURE, cache, meter });
    expect(meter.snapshot()).toMatchObject({ calls: 0, cacheHits: 3 });
    expect(again.summary.mismatches).toEqual([]);
  });

  test("a folder that is not a judge-replay layout is a clear error", async () => {
    await expect(replayJudge({ task: "task3", from: fileURLToPath(new URL(".", import.meta.url)) })).rejects.toThrow(/neither task3\//);
  });

  const replayCli = (...args: string[]) => {
    const program = new Command().exitOverride();
    register(program);
    return program.parseAsync(["replay-judge", ...args], { from: "user" });
  };

  test("CLI: replay-judge --task --from --json prints {items, summary}", async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      await replayCli("--task", "task1", "--from", FIXTURE, "--json");
    } finally {
      spy.mockRestore();
    }
    const out = JSON.parse(writes.join("")) as { items: Record<string, unknown>[]; summary: Record<string, unknown> };
    expect(out.items[0]).toMatchObject({
      id: "sess_fixture01__1",
      task: "task1",
      model: "model-a",
      judge_score: 77.5,
      final_score: 82.084,
      recorded_judge_score: 77.5,
      recorded_final_score: 82.084,
      parse_ok: true,
    });
    expect(out.summary).toMatchObject({ items: 2, final_score_matches: 2 });
  });

  test("CLI: an unknown task is rejected with one clear message", async () => {
    await expect(replayCli("--task", "task9", "--from", FIXTURE)).rejects.toThrow("--task must be one of task1, task2, task3, task4");
  });
});

describe.skipIf(!hasShared)("replay of every recorded AlpsBench judge output (../shared/data/alpsbench/judge-replay)", () => {
  test.each([
    // task, items, judged, not judged
    ["task1", 140, 120, 20],
    ["task2", 140, 140, 0],
    ["task3", 140, 140, 0],
    ["task4", 136, 136, 0],
  ] as const)(
    "%s: every judge_score and final_score is reproduced",
    async (task, n, judged, notJudged) => {
      const { items, summary } = await replayJudge({ task, from: SHARED });
      expect(mismatchReport(items)).toEqual([]);
      expect(summary).toMatchObject({
        items: n,
        judged,
        not_judged: notJudged,
        unparsable: 0,
        judge_score_matches: n,
        final_score_matches: n,
      });
      if (task === "task1") {
        // The 20 items without a judge output: shown as not judged, final = the algo score, never a zero judge.
        const notJudgedItems = items.filter((i) => i.status === "not_judged");
        expect(notJudgedItems).toHaveLength(20);
        for (const item of notJudgedItems) {
          expect(item.judge_score).toBeNull();
          expect(item.recorded_judge_score).toBeNull();
          expect(item.final_score).toBe(item.recorded_final_score);
        }
      }
      if (task === "task4") {
        expect(new Set(items.map((i) => i.ability))).toEqual(new Set(["ability1", "ability2", "ability3", "ability4", "ability5"]));
      }
    },
    60_000,
  );

  test("tasks list", () => {
    expect(REPLAY_TASKS).toEqual(["task1", "task2", "task3", "task4"]);
  });
});
