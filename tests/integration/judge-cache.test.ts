import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { PostgresJudgeCache } from "@/lib/llm-judge/postgres-cache";
import { judge } from "@/lib/benchmarks/alpsbench/judge/judge";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "@/lib/benchmarks/alpsbench/judge/prompts/t3-used-memory";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { createOpenAICompatibleProvider } from "@/lib/llm-judge/openai-provider";
import { defineJudgeProfile } from "@/lib/llm-judge/profile";
import { startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";

const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const prompt = (n: number) =>
  renderT3UsedMemory({ query: `where do I live? #${n}`, target_memory: { value: "Lives in Lyon", label: "Location/Home" }, answer: "Lyon", reason: "memory" });

describe("judge cache in PostgreSQL", () => {
  test("a completed call is stored with its raw text and profile; the same prompt again makes no call", async () => {
    const server = await startFakeChatServer(() => ({
      kind: "ok",
      content: 'Sure: {"used_memory": true, "score": 0.8, "reason": "ok"}',
      promptTokens: 50,
      completionTokens: 9,
    }));
    try {
      const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 2_000, maxRetries: 0 });
      const profile = defineJudgeProfile({
        provider: "openai-compatible",
        baseURL: server.baseURL,
        model: "judge-x-2025",
        promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
        maxTokens: 128,
      });
      const cache = new PostgresJudgeCache(db);
      const first = await judge({ profile, prompt: prompt(1) }, { provider, cache, meter: new JudgeMeter() });
      expect(first.status).toBe("parsed");
      expect(server.requests).toBe(1);
      const row = await db.judgeCall.findFirstOrThrow({ where: { rawCompletion: { contains: '"score": 0.8' } }, include: { profile: true } });
      expect(row).toMatchObject({ parseOk: true, inputTokens: 50, outputTokens: 9, verdictKind: "t3_used_memory" });
      expect(row.profile.model).toBe("judge-x-2025");

      // a second process (new cache object) sees the stored call
      const meter = new JudgeMeter();
      const again = await judge({ profile, prompt: prompt(1) }, { provider, cache: new PostgresJudgeCache(db), meter });
      expect(again.status === "parsed" && again.fromCache).toBe(true);
      expect(server.requests).toBe(1);
      expect(meter.snapshot().cacheHits).toBe(1);
    } finally {
      await server.close();
    }
  });

  test("a failed call is never cached: the next attempt calls again", async () => {
    let calls = 0;
    const server = await startFakeChatServer(() => {
      calls += 1;
      return calls === 1 ? { kind: "status", status: 500, body: "boom" } : { kind: "ok", content: '{"used_memory": false, "score": 0, "reason": "no"}' };
    });
    try {
      const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 2_000, maxRetries: 0 });
      const profile = defineJudgeProfile({
        provider: "openai-compatible",
        baseURL: server.baseURL,
        model: "judge-y-2025",
        promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
        maxTokens: 128,
      });
      const cache = new PostgresJudgeCache(db);
      const failed = await judge({ profile, prompt: prompt(2) }, { provider, cache });
      expect(failed.status).toBe("call_failed");
      expect(await db.judgeCall.count({ where: { profile: { model: "judge-y-2025" } } })).toBe(0);
      const ok = await judge({ profile, prompt: prompt(2) }, { provider, cache });
      expect(ok.status === "parsed" && ok.fromCache).toBe(false);
      expect(await db.judgeCall.count({ where: { profile: { model: "judge-y-2025" } } })).toBe(1);
    } finally {
      await server.close();
    }
  });
});
