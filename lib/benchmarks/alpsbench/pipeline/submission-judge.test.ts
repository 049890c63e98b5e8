import { describe, expect, it } from "vitest";
import { InMemoryJudgeCache } from "@/lib/llm-judge/cache";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";
import type { JudgeCallRequest, JudgeProvider } from "@/lib/llm-judge/provider";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { judgeInstance, judgeTemplateFor } from "./submission-judge";
import { indexPredictions } from "@/lib/benchmarks/alpsbench/pipeline/submission-predictions";

/** A judge that records what it was asked and answers nothing usable (the verdicts are not under test here). */
function recordingJudge(): { provider: JudgeProvider; prompts: string[] } {
  const prompts: string[] = [];
  const provider: JudgeProvider = {
    kind: "openai-compatible",
    async complete(request: JudgeCallRequest) {
      prompts.push(request.messages.map((m) => m.content).join("\n"));
      return { text: "{}", inputTokens: 1, outputTokens: 1, latencyMs: 1, attempts: 1, responseModel: "fake", finishReason: "stop" };
    },
  };
  return { provider, prompts };
}

async function judgeOne(track: TrackId, row: unknown, queries: { query_id: string; query: string }[]) {
  const { provider, prompts } = recordingJudge();
  const profile = defineJudgeProfile({
    provider: "openai-compatible",
    baseURL: "http://127.0.0.1:9/v1",
    model: "fake",
    promptTemplateVersion: judgeTemplateFor(track),
    maxTokens: 100,
  });
  const predictions = indexPredictions(track, { rows: [{ line: 1, value: row }], problems: [] });
  const benchmarkId = queries[0]!.query_id.split(":")[0]!;
  const instance = {
    id: "i1",
    benchmarkId,
    input: { queries },
    gold: { selected_memory: { value: "Feels lonely at night" }, memories: [{ value: "Feels lonely at night" }] },
    meta: { language: "English" },
  };
  await judgeInstance(track, instance, predictions.byId.get(benchmarkId), {
    provider,
    profile,
    cache: new InMemoryJudgeCache(),
    meter: new JudgeMeter(),
    signal: new AbortController().signal,
  });
  return prompts;
}

describe("judging an official Task 4 row {benchmark_id, answer, used_memory_fact}", () => {
  const ei = ["english_7:0", "english_7:1", "english_7:2", "english_7:3", "english_7:4"].map((query_id, k) => ({ query_id, query: `EI question number ${k}` }));

  it("EI: the single answer is judged once, against the instance's first query (what the harness asked)", async () => {
    const prompts = await judgeOne("task4/ability5", { benchmark_id: "english_7", answer: "I hear you; nights can be hard.", used_memory_fact: "Feels lonely" }, ei);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain("EI question number 0");
    expect(prompts[0]).toContain("I hear you; nights can be hard.");
    expect(prompts[0]).not.toContain("EI question number 1");
  });

  it("EI, the older form: one judge call per response, each with its own query", async () => {
    const prompts = await judgeOne(
      "task4/ability5",
      { benchmark_id: "english_7", responses: ei.map((q) => ({ query_id: q.query_id, response: `answer to ${q.query}` })) },
      ei,
    );
    expect(prompts).toHaveLength(5);
    for (const [k, prompt] of prompts.entries()) expect(prompt).toContain(`EI question number ${k}`);
  });

  it("abilities 1-4: one answer to the one query", async () => {
    const prompts = await judgeOne("task4/ability1", { benchmark_id: "ability1_3", answer: "Try the lentil soup.", used_memory_fact: "vegetarian" }, [
      { query_id: "ability1_3:1", query: "What should I cook tonight?" },
    ]);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain("What should I cook tonight?");
    expect(prompts[0]).toContain("Try the lentil soup.");
  });
});
