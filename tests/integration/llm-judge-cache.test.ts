import { afterAll, describe, expect, inject, test } from "vitest";
import { z } from "zod";
import { createPrismaClient } from "@/lib/db/create-client";
import { judge, type JudgePrompt } from "@/lib/llm-judge/judge";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { createOpenAICompatibleProvider } from "@/lib/llm-judge/openai-provider";
import { defineJudgeProfile, judgeProfileHash } from "@/lib/llm-judge/profile";
import { PostgresJudgeCache } from "@/lib/llm-judge/postgres-cache";
import { startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";

/**
 * The generic judge client with its PostgreSQL cache, asked a question of no benchmark's (a test-only verdict
 * schema) by a local OpenAI-compatible server: a hit is served from the table by a new cache object (another
 * process), and an answer that breaks the schema is stored as a parse failure and read again on the next hit.
 */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());

const Sentiment = z.object({ label: z.enum(["positive", "negative", "neutral"]), confidence: z.number().min(0).max(1) });
const SCHEME = "llm-judge-integration-test-v1";
const prompt = (text: string): JudgePrompt => ({
  templateVersion: "sentiment-v1",
  verdictKind: "sentiment",
  messages: [
    { role: "system", content: "Classify the sentiment. Answer with JSON {label, confidence}." },
    { role: "user", content: text },
  ],
});

async function withServer<T>(content: (index: number) => string, run: (baseURL: string, requests: () => number) => Promise<T>): Promise<T> {
  const server = await startFakeChatServer(({ index }) => ({ kind: "ok", content: content(index), promptTokens: 40, completionTokens: 7 }));
  try {
    return await run(server.baseURL, () => server.requests);
  } finally {
    await server.close();
  }
}

const profileFor = (baseURL: string, model: string) =>
  defineJudgeProfile({ provider: "openai-compatible", baseURL, model, promptTemplateVersion: "sentiment-v1", maxTokens: 64 });

describe("generic judge client, PostgreSQL cache", () => {
  test("a typed verdict is stored; the same prompt from a new cache object is a hit with no call", async () => {
    await withServer(
      () => '{"label": "positive", "confidence": 0.75}',
      async (baseURL, requests) => {
        const provider = createOpenAICompatibleProvider({ baseURL, timeoutMs: 5_000, maxRetries: 0 });
        const profile = profileFor(baseURL, `sentiment-judge-${Date.now()}`);
        const first = await judge(
          { profile, prompt: prompt("I love it"), parse: Sentiment },
          { provider, cache: new PostgresJudgeCache(db), profileHashScheme: SCHEME },
        );
        expect(first).toMatchObject({ status: "parsed", fromCache: false, verdict: { label: "positive", confidence: 0.75 } });
        const row = await db.judgeCall.findUniqueOrThrow({ where: { key: first.key }, include: { profile: true } });
        expect(row).toMatchObject({ parseOk: true, verdictKind: "sentiment", templateVersion: "sentiment-v1", inputTokens: 40, outputTokens: 7 });
        expect(row.profile).toMatchObject({ hash: judgeProfileHash(profile, SCHEME), model: profile.model, promptTemplateVersion: "sentiment-v1" });

        const meter = new JudgeMeter();
        const again = await judge(
          { profile, prompt: prompt("I love it"), parse: Sentiment },
          { provider, cache: new PostgresJudgeCache(db), meter, profileHashScheme: SCHEME },
        );
        expect(again).toMatchObject({ status: "parsed", fromCache: true, key: first.key, verdict: { label: "positive" } });
        expect(requests()).toBe(1);
        expect(meter.snapshot()).toMatchObject({ calls: 0, cacheHits: 1 });
      },
    );
  });

  test("an answer that breaks the schema is stored as a parse failure; a hit reads it again, still no call", async () => {
    await withServer(
      () => 'Sure! {"label": "ecstatic", "confidence": 3}',
      async (baseURL, requests) => {
        const provider = createOpenAICompatibleProvider({ baseURL, timeoutMs: 5_000, maxRetries: 0 });
        const profile = profileFor(baseURL, `sentiment-judge-bad-${Date.now()}`);
        const deps = { provider, cache: new PostgresJudgeCache(db), profileHashScheme: SCHEME };
        const first = await judge({ profile, prompt: prompt("meh"), parse: Sentiment }, deps);
        expect(first.status).toBe("unparsable");
        if (first.status !== "unparsable") return;
        expect(first.reason).toMatch(/^invalid verdict: label: .*; confidence: /);
        const row = await db.judgeCall.findUniqueOrThrow({ where: { key: first.key } });
        expect(row).toMatchObject({ parseOk: false, rawCompletion: 'Sure! {"label": "ecstatic", "confidence": 3}' });
        expect(row.entry).toMatchObject({ parseError: first.reason, parsedVerdict: null });

        // a laxer reader of the same stored text (a parser fix) gets a verdict from the cache, with no new call
        const lax = z.object({ label: z.string(), confidence: z.number() });
        const again = await judge({ profile, prompt: prompt("meh"), parse: lax }, { ...deps, cache: new PostgresJudgeCache(db) });
        expect(again).toMatchObject({ status: "parsed", fromCache: true, verdict: { label: "ecstatic", confidence: 3 } });
        expect(requests()).toBe(1);
      },
    );
  });
});
