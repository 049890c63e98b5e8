import { afterEach, describe, expect, test } from "vitest";
import { CachedJudgeCall, InMemoryJudgeCache, judgeCacheKey } from "./cache";
import { judge } from "./judge";
import { JudgeMeter } from "@/lib/llm-judge/meter";
import { createOpenAICompatibleProvider, type OpenAICompatibleOptions } from "./openai-provider";
import { defineJudgeProfile, judgeProfileHash, type JudgeProfile } from "./profile";
import { renderT3UsedMemory, T3_USED_MEMORY_TEMPLATE } from "./prompts";
import { createReplayProvider } from "./replay-provider";
import { type FakeChatServer, type FakeReply, startFakeChatServer } from "@/lib/llm-judge/testing/fake-chat-server";

/**
 * The live client against a local OpenAI-compatible server (node:http on 127.0.0.1, random port):
 * normal answers, 429/500 then success, hangs and stalled bodies past the timeout, garbage, the
 * concurrency limit, token/cost accounting and the cache.
 */

const GOOD = '{"used_memory": true, "score": 1, "reason": "uses it"}';
const servers: FakeChatServer[] = [];

async function serve(handler: (index: number) => FakeReply): Promise<FakeChatServer> {
  const server = await startFakeChatServer(({ index }) => handler(index));
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function setup(server: FakeChatServer, options: Partial<OpenAICompatibleOptions> = {}, pricing?: JudgeProfile["pricing"]) {
  const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 2_000, maxRetries: 2, ...options });
  const profile = defineJudgeProfile({
    provider: "openai-compatible",
    baseURL: server.baseURL,
    model: "judge-model-2025-01-01",
    promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
    maxTokens: 256,
    pricing,
  });
  return { provider, profile };
}

function prompt(n = 0) {
  return renderT3UsedMemory({ query: `question ${n}`, target_memory: { value: "Married", label: null }, answer: "a", reason: "r" });
}

describe("live OpenAI-compatible judge", () => {
  test("answers normally: verdict, tokens, the request the server saw", async () => {
    const server = await serve(() => ({ kind: "ok", content: "```json\n" + GOOD + "\n```", promptTokens: 120, completionTokens: 30 }));
    const { provider, profile } = setup(server);
    const meter = new JudgeMeter();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, meter });
    expect(outcome.status).toBe("parsed");
    if (outcome.status !== "parsed") return;
    expect(outcome.verdict).toEqual({ used_memory: true, score: 1, reason: "uses it" });
    expect(outcome.call).toMatchObject({ inputTokens: 120, outputTokens: 30, attempts: 1, responseModel: "judge-model-2025-01-01" });
    expect(outcome.profileHash).toBe(judgeProfileHash(profile));
    expect(server.bodies[0]).toMatchObject({ model: "judge-model-2025-01-01", temperature: 0, max_tokens: 256 });
    expect(meter.snapshot()).toMatchObject({ calls: 1, attempts: 1, inputTokens: 120, outputTokens: 30, cacheHits: 0 });
  });

  test("429 then success: retried, honouring retry-after-ms", async () => {
    const server = await serve((i) => (i === 0 ? { kind: "status", status: 429, headers: { "retry-after-ms": "20" } } : { kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server);
    const meter = new JudgeMeter();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, meter });
    expect(outcome.status).toBe("parsed");
    expect(server.requests).toBe(2);
    expect(meter.snapshot()).toMatchObject({ calls: 1, attempts: 2, callFailures: 0 });
  });

  test("500 twice then success: exponential back-off with jitter (library default, ~0.4-0.5 s then ~0.75-1 s)", async () => {
    const server = await serve((i) => (i < 2 ? { kind: "status", status: 500 } : { kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server);
    const started = performance.now();
    const outcome = await judge({ profile, prompt: prompt() }, { provider });
    const elapsed = performance.now() - started;
    expect(outcome.status).toBe("parsed");
    if (outcome.status === "parsed") expect(outcome.call.attempts).toBe(3);
    expect(elapsed).toBeGreaterThan(1_000); // 0.375..0.5 s + 0.75..1 s
    expect(elapsed).toBeLessThan(3_000);
  }, 10_000);

  test("retries are bounded: persistent 503 fails after maxRetries + 1 attempts, nothing cached", async () => {
    const server = await serve(() => ({ kind: "status", status: 503, headers: { "retry-after-ms": "5" } }));
    const { provider, profile } = setup(server, { maxRetries: 2 });
    const cache = new InMemoryJudgeCache();
    const meter = new JudgeMeter();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, cache, meter });
    expect(outcome).toMatchObject({ status: "call_failed", code: "http_error", attempts: 3 });
    expect(server.requests).toBe(3);
    expect(cache.size).toBe(0);
    expect(meter.snapshot()).toMatchObject({ calls: 0, callFailures: 1, attempts: 3, failuresByCode: { http_error: 1 } });
  });

  test("a huge Retry-After is clamped so a slot is not parked for an hour", async () => {
    const server = await serve((i) => (i === 0 ? { kind: "status", status: 429, headers: { "retry-after": "3600" } } : { kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server, { maxRetryAfterMs: 50 });
    const started = performance.now();
    const outcome = await judge({ profile, prompt: prompt() }, { provider });
    expect(outcome.status).toBe("parsed");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("hang past the timeout with no retries left: call_failed/timeout, after about the timeout", async () => {
    const server = await serve(() => ({ kind: "hang" }));
    const { provider, profile } = setup(server, { timeoutMs: 200, maxRetries: 0 });
    const started = performance.now();
    const outcome = await judge({ profile, prompt: prompt() }, { provider });
    const elapsed = performance.now() - started;
    expect(outcome).toMatchObject({ status: "call_failed", code: "timeout", attempts: 1 });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1_500);
  });

  test("a timed-out attempt is retried like any timeout", async () => {
    const server = await serve((i) => (i === 0 ? { kind: "hang" } : { kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server, { timeoutMs: 200, maxRetries: 1 });
    const outcome = await judge({ profile, prompt: prompt() }, { provider });
    expect(outcome.status).toBe("parsed");
    if (outcome.status === "parsed") expect(outcome.call.attempts).toBe(2);
  }, 10_000);

  test("headers then a stalled body also time out (the library's own timer stops at headers)", async () => {
    const server = await serve((i) => (i === 0 ? { kind: "stall_body" } : { kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server, { timeoutMs: 200, maxRetries: 1 });
    const outcome = await judge({ profile, prompt: prompt() }, { provider });
    expect(outcome.status).toBe("parsed");
    expect(server.requests).toBe(2);
  }, 10_000);

  test.each([
    ["a non-JSON body", { kind: "raw", contentType: "text/html", body: "<html>bad gateway</html>" } as FakeReply, "malformed_response"],
    ["broken JSON", { kind: "raw", contentType: "application/json", body: '{"choices": [' } as FakeReply, "malformed_response"],
    ["JSON that is not a completion", { kind: "raw", contentType: "application/json", body: '{"hello": "world"}' } as FakeReply, "malformed_response"],
    ["an empty completion", { kind: "ok", content: "", finishReason: "length" } as FakeReply, "empty_completion"],
  ])("garbage: %s is a failed call, never cached", async (_label, reply, code) => {
    const server = await serve(() => reply);
    const { provider, profile } = setup(server);
    const cache = new InMemoryJudgeCache();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, cache });
    expect(outcome).toMatchObject({ status: "call_failed", code });
    expect(cache.size).toBe(0);
  });

  test("garbage content in a valid completion is a recorded parse failure (kept, with its raw text)", async () => {
    const server = await serve(() => ({ kind: "ok", content: "I am unable to grade this answer." }));
    const { provider, profile } = setup(server);
    const cache = new InMemoryJudgeCache();
    const meter = new JudgeMeter();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, cache, meter });
    expect(outcome).toMatchObject({ status: "unparsable", rawText: "I am unable to grade this answer." });
    expect(cache.size).toBe(1);
    expect((await cache.get(outcome.key))?.parseError).toContain("no JSON object");
    expect(meter.snapshot()).toMatchObject({ calls: 1, parseFailures: 1 });
  });

  test("concurrency limit: never more than C calls in flight", async () => {
    const server = await serve(() => ({ kind: "ok", content: GOOD, delayMs: 60 }));
    const { provider, profile } = setup(server, { concurrency: 3 });
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, n) => judge({ profile, prompt: prompt(n) }, { provider })));
    expect(outcomes.every((o) => o.status === "parsed")).toBe(true);
    expect(server.requests).toBe(12);
    expect(server.peakInFlight).toBe(3);
    expect(provider.limiter.peak).toBe(3);
  });

  test("token and cost accounting over several calls", async () => {
    const server = await serve((i) =>
      i === 3 ? { kind: "ok", content: GOOD, noUsage: true } : { kind: "ok", content: GOOD, promptTokens: 1_000, completionTokens: 200 },
    );
    const { provider, profile } = setup(server, {}, { inputPerMillionUsd: 0.5, outputPerMillionUsd: 2 });
    const meter = new JudgeMeter();
    for (let n = 0; n < 5; n += 1) await judge({ profile, prompt: prompt(n) }, { provider, meter });
    const usage = meter.snapshot();
    expect(usage).toMatchObject({ calls: 5, inputTokens: 4_000, outputTokens: 800, callsWithoutUsage: 1 });
    // 4 priced calls x (1000 x 0.5 + 200 x 2) / 1e6 = 4 x 0.0009
    expect(usage.costUsd).toBeCloseTo(0.0036, 12);
  });

  test("cache hit = zero calls; cached raw text is re-parsed with the current parser", async () => {
    const server = await serve((i) => ({ kind: "ok", content: `Verdict follows.\n{"used_memory": true, "score": ${i % 2 ? 0 : 1}}` }));
    const { provider, profile } = setup(server);
    const cache = new InMemoryJudgeCache();
    const first = await Promise.all([0, 1, 2].map((n) => judge({ profile, prompt: prompt(n) }, { provider, cache })));
    expect(server.requests).toBe(3);
    expect(cache.size).toBe(3);

    const meter = new JudgeMeter();
    const second = await Promise.all([0, 1, 2].map((n) => judge({ profile, prompt: prompt(n) }, { provider, cache, meter })));
    expect(server.requests).toBe(3); // no new call
    expect(meter.snapshot()).toMatchObject({ calls: 0, cacheHits: 3, inputTokens: 0 });
    expect(second.map((o) => o.status === "parsed" && o.fromCache)).toEqual([true, true, true]);
    expect(second.map((o) => (o.status === "parsed" ? o.verdict.score : null))).toEqual(first.map((o) => (o.status === "parsed" ? o.verdict.score : null)));

    // A stored entry whose parse failed under an older parser is read again with today's parser: no call.
    const p = prompt(99);
    const key = judgeCacheKey(judgeProfileHash(profile), p.messages);
    const stale: CachedJudgeCall = {
      key,
      profileHash: judgeProfileHash(profile),
      profile,
      templateVersion: p.templateVersion,
      verdictKind: p.verdictKind,
      rawText: '```json\n{"used_memory": false, "score": 0.25}\n```',
      parsedVerdict: null,
      parseError: "old parser could not read fences",
      inputTokens: 1,
      outputTokens: 1,
      costUsd: null,
      latencyMs: 5,
      attempts: 1,
      responseModel: null,
      finishReason: "stop",
      createdAt: new Date(0).toISOString(),
    };
    await cache.put(stale);
    const reparsed = await judge({ profile, prompt: p }, { provider, cache });
    expect(reparsed).toMatchObject({ status: "parsed", fromCache: true, verdict: { score: 0.25 } });
    expect(server.requests).toBe(3);
  });

  test("cache entries are plain serialisable objects that satisfy their schema", async () => {
    const server = await serve(() => ({ kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server);
    const cache = new InMemoryJudgeCache();
    const outcome = await judge({ profile, prompt: prompt() }, { provider, cache, now: () => new Date("2026-01-02T03:04:05Z") });
    const entry = await cache.get(outcome.key);
    expect(CachedJudgeCall.parse(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
    expect(entry).toMatchObject({ rawText: GOOD, parsedVerdict: { used_memory: true, score: 1 }, createdAt: "2026-01-02T03:04:05.000Z" });
  });

  test("a profile for another endpoint or template is a programming error", async () => {
    const server = await serve(() => ({ kind: "ok", content: GOOD }));
    const { provider, profile } = setup(server);
    await expect(judge({ profile: { ...profile, promptTemplateVersion: "t12-review-v1" }, prompt: prompt() }, { provider })).rejects.toThrow(
      /rendered for profile template/,
    );
    const other = await judge({ profile: { ...profile, baseURL: "http://127.0.0.1:1/v1" }, prompt: prompt() }, { provider });
    expect(other).toMatchObject({ status: "call_failed", code: "config" });
  });
});

describe("replay provider through judge()", () => {
  const profile = defineJudgeProfile({
    provider: "replay",
    baseURL: null,
    model: "recorded",
    promptTemplateVersion: T3_USED_MEMORY_TEMPLATE,
    maxTokens: 100,
  });
  const provider = createReplayProvider(
    new Map<string, unknown>([
      ["a", { used_memory: true, score: 0.9, reason: "x" }],
      ["b", 'Sure! {"used_memory": false, "score": 0}'],
      ["c", null],
    ]),
  );

  test.each([
    ["a", { status: "parsed", verdict: { score: 0.9 } }],
    ["b", { status: "parsed", verdict: { score: 0 } }],
    ["c", { status: "call_failed", code: "not_judged" }],
    ["zzz", { status: "call_failed", code: "not_recorded" }],
  ])("recording %s", async (replayKey, expected) => {
    expect(await judge({ profile, prompt: prompt(), replayKey }, { provider })).toMatchObject(expected);
  });

  test("same prompt, different recorded items: the replay key keeps their cache entries apart", async () => {
    const cache = new InMemoryJudgeCache();
    const a = await judge({ profile, prompt: prompt(), replayKey: "a" }, { provider, cache });
    const b = await judge({ profile, prompt: prompt(), replayKey: "b" }, { provider, cache });
    expect(a.key).not.toBe(b.key);
    expect(cache.size).toBe(2);
  });
});
