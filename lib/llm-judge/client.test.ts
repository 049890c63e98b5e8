import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { CachedJudgeCall, InMemoryJudgeCache, judgeCacheKey } from "./cache";
import { judge, type JudgePrompt } from "./judge";
import { JudgeMeter } from "./meter";
import { clampRetryAfter, createOpenAICompatibleProvider, type OpenAICompatibleOptions } from "./openai-provider";
import { defineJudgeProfile, judgeProfileHash, type JudgeProfile } from "./profile";
import { type FakeChatServer, type FakeReply, startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";
import { recordRetrySleeps } from "@/tests/fakes/llm-judge/retry-sleeps";

/**
 * The generic client against a local OpenAI-compatible server (node:http on 127.0.0.1, random port), with a
 * verdict type of this test's own (no benchmark's): normal answers, 429/500 then success, hangs and stalled
 * bodies past the timeout, garbage, the concurrency limit, token/cost accounting and the cache. Back-off is
 * checked by the delays the client computes (recorded, then run at once), never by timing the wait.
 */

const Grade = z.object({ grade: z.enum(["A", "B", "C"]), points: z.number().int().min(0).max(10), note: z.string().optional() });
type Grade = z.infer<typeof Grade>;
const GOOD = '{"grade": "A", "points": 9, "note": "clear"}';
const servers: FakeChatServer[] = [];
let sleeps: number[] = [];
let restoreSleeps = () => {};

beforeEach(() => {
  ({ sleeps, restore: restoreSleeps } = recordRetrySleeps());
});

afterEach(async () => {
  restoreSleeps();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fake server answering with `handler`, and a provider and profile for it. */
async function start(handler: (index: number) => FakeReply, options: Partial<OpenAICompatibleOptions> = {}, pricing?: JudgeProfile["pricing"]) {
  const server = await startFakeChatServer(({ index }) => handler(index));
  servers.push(server);
  const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, timeoutMs: 2_000, maxRetries: 2, ...options });
  const profile = defineJudgeProfile({
    provider: "openai-compatible",
    baseURL: server.baseURL,
    model: "judge-model-2025-01-01",
    promptTemplateVersion: "grade-v1",
    maxTokens: 256,
    pricing,
  });
  return { server, provider, profile };
}

function prompt(n = 0): JudgePrompt {
  return { templateVersion: "grade-v1", verdictKind: "grade", messages: [{ role: "user", content: `Grade answer ${n}. Reply as JSON.` }] };
}

const ask = (profile: JudgeProfile, p: JudgePrompt = prompt()) => ({ profile, prompt: p, parse: Grade });

describe("live OpenAI-compatible judge", () => {
  test("answers normally: verdict, tokens, the request the server saw", async () => {
    const { server, provider, profile } = await start(() => ({ kind: "ok", content: "```json\n" + GOOD + "\n```", promptTokens: 120, completionTokens: 30 }));
    const meter = new JudgeMeter();
    const outcome = await judge(ask(profile), { provider, meter });
    expect(outcome.status).toBe("parsed");
    if (outcome.status !== "parsed") return;
    expect(outcome.verdict).toEqual({ grade: "A", points: 9, note: "clear" });
    const typed: Grade = outcome.verdict;
    expect(typed.points).toBe(9);
    expect(outcome.call).toMatchObject({ inputTokens: 120, outputTokens: 30, attempts: 1, responseModel: "judge-model-2025-01-01" });
    expect(outcome.profileHash).toBe(judgeProfileHash(profile));
    expect(server.bodies[0]).toMatchObject({ model: "judge-model-2025-01-01", temperature: 0, max_tokens: 256 });
    expect(meter.snapshot()).toMatchObject({ calls: 1, attempts: 1, inputTokens: 120, outputTokens: 30, cacheHits: 0 });
  });

  test("429 then success: retried, honouring retry-after-ms", async () => {
    const { server, provider, profile } = await start((i) =>
      i === 0 ? { kind: "status", status: 429, headers: { "retry-after-ms": "20" } } : { kind: "ok", content: GOOD },
    );
    const meter = new JudgeMeter();
    const outcome = await judge(ask(profile), { provider, meter });
    expect(outcome.status).toBe("parsed");
    expect(server.requests).toBe(2);
    expect(sleeps).toEqual([20]);
    expect(meter.snapshot()).toMatchObject({ calls: 1, attempts: 2, callFailures: 0 });
  });

  test("500 twice then success: exponential back-off with jitter (library default, 0.375-0.5 s then 0.75-1 s)", async () => {
    const { provider, profile } = await start((i) => (i < 2 ? { kind: "status", status: 500 } : { kind: "ok", content: GOOD }));
    const outcome = await judge(ask(profile), { provider });
    expect(outcome.status).toBe("parsed");
    if (outcome.status === "parsed") expect(outcome.call.attempts).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(375);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[1]).toBeGreaterThanOrEqual(750);
    expect(sleeps[1]).toBeLessThanOrEqual(1_000);
  });

  test("retries are bounded: persistent 503 fails after maxRetries + 1 attempts, nothing cached", async () => {
    const { server, provider, profile } = await start(() => ({ kind: "status", status: 503, headers: { "retry-after-ms": "5" } }), { maxRetries: 2 });
    const cache = new InMemoryJudgeCache();
    const meter = new JudgeMeter();
    const outcome = await judge(ask(profile), { provider, cache, meter });
    expect(outcome).toMatchObject({ status: "call_failed", code: "http_error", attempts: 3 });
    expect(server.requests).toBe(3);
    expect(cache.size).toBe(0);
    expect(meter.snapshot()).toMatchObject({ calls: 0, callFailures: 1, attempts: 3, failuresByCode: { http_error: 1 } });
  });

  test.each([
    ["retry-after: 3600 (seconds)", { "retry-after": "3600" }],
    ["retry-after: 20 (seconds)", { "retry-after": "20" }],
    ["retry-after-ms: 90000", { "retry-after-ms": "90000" }],
  ])("a huge Retry-After (%s) is clamped so a slot is not parked: the client waits maxRetryAfterMs", async (_label, headers) => {
    const { provider, profile } = await start((i) => (i === 0 ? { kind: "status", status: 429, headers } : { kind: "ok", content: GOOD }), { maxRetryAfterMs: 50 });
    const outcome = await judge(ask(profile), { provider });
    expect(outcome.status).toBe("parsed");
    expect(sleeps).toEqual([50]);
  });

  test.each([
    ["seconds above the cap", { "retry-after": "3600" }, { "retry-after": null, "retry-after-ms": "30000" }],
    ["milliseconds above the cap", { "retry-after-ms": "45000" }, { "retry-after-ms": "30000" }],
    ["an HTTP date an hour away", { "retry-after": "HOUR_AWAY" }, { "retry-after": null, "retry-after-ms": "30000" }],
    ["seconds under the cap (kept)", { "retry-after": "2" }, { "retry-after": "2", "retry-after-ms": null }],
    ["milliseconds under the cap (kept)", { "retry-after-ms": "20" }, { "retry-after-ms": "20" }],
    ["an unreadable value (left to the library)", { "retry-after": "soon" }, { "retry-after": "soon", "retry-after-ms": null }],
  ])("clampRetryAfter: %s", (_label, given, expected) => {
    const headers = new Headers(
      Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v === "HOUR_AWAY" ? new Date(Date.now() + 3_600_000).toUTCString() : v])),
    );
    clampRetryAfter(headers, 30_000);
    for (const [name, value] of Object.entries(expected)) expect(headers.get(name)).toBe(value);
  });

  test("hang past the timeout with no retries left: call_failed/timeout after one attempt", async () => {
    const { server, provider, profile } = await start(() => ({ kind: "hang" }), { timeoutMs: 200, maxRetries: 0 });
    const outcome = await judge(ask(profile), { provider });
    expect(outcome).toMatchObject({ status: "call_failed", code: "timeout", attempts: 1 });
    expect(server.requests).toBe(1);
    expect(sleeps).toEqual([]);
  });

  test("a timed-out attempt is retried like any timeout", async () => {
    const { provider, profile } = await start((i) => (i === 0 ? { kind: "hang" } : { kind: "ok", content: GOOD }), { timeoutMs: 200, maxRetries: 1 });
    const outcome = await judge(ask(profile), { provider });
    expect(outcome.status).toBe("parsed");
    if (outcome.status === "parsed") expect(outcome.call.attempts).toBe(2);
  }, 10_000);

  test("headers then a stalled body also time out (the library's own timer stops at headers)", async () => {
    const { server, provider, profile } = await start((i) => (i === 0 ? { kind: "stall_body" } : { kind: "ok", content: GOOD }), { timeoutMs: 200, maxRetries: 1 });
    const outcome = await judge(ask(profile), { provider });
    expect(outcome.status).toBe("parsed");
    expect(server.requests).toBe(2);
  }, 10_000);

  test.each([
    ["a non-JSON body", { kind: "raw", contentType: "text/html", body: "<html>bad gateway</html>" } as FakeReply, "malformed_response"],
    ["broken JSON", { kind: "raw", contentType: "application/json", body: '{"choices": [' } as FakeReply, "malformed_response"],
    ["JSON that is not a completion", { kind: "raw", contentType: "application/json", body: '{"hello": "world"}' } as FakeReply, "malformed_response"],
    ["an empty completion", { kind: "ok", content: "", finishReason: "length" } as FakeReply, "empty_completion"],
  ])("garbage: %s is a failed call, never cached", async (_label, reply, code) => {
    const { provider, profile } = await start(() => reply);
    const cache = new InMemoryJudgeCache();
    const outcome = await judge(ask(profile), { provider, cache });
    expect(outcome).toMatchObject({ status: "call_failed", code });
    expect(cache.size).toBe(0);
  });

  test("garbage content in a valid completion is a recorded parse failure (kept, with its raw text)", async () => {
    const { provider, profile } = await start(() => ({ kind: "ok", content: "I am unable to grade this answer." }));
    const cache = new InMemoryJudgeCache();
    const meter = new JudgeMeter();
    const outcome = await judge(ask(profile), { provider, cache, meter });
    expect(outcome).toMatchObject({ status: "unparsable", rawText: "I am unable to grade this answer." });
    expect(cache.size).toBe(1);
    expect((await cache.get(outcome.key))?.parseError).toContain("no JSON object");
    expect(meter.snapshot()).toMatchObject({ calls: 1, parseFailures: 1 });
  });

  test("concurrency limit: never more than C calls in flight", async () => {
    const { server, provider, profile } = await start(() => ({ kind: "ok", content: GOOD, delayMs: 60 }), { concurrency: 3 });
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, n) => judge(ask(profile, prompt(n)), { provider })));
    expect(outcomes.every((o) => o.status === "parsed")).toBe(true);
    expect(server.requests).toBe(12);
    expect(server.peakInFlight).toBe(3);
    expect(provider.limiter.peak).toBe(3);
  });

  test("token and cost accounting over several calls", async () => {
    const { provider, profile } = await start(
      (i) => (i === 3 ? { kind: "ok", content: GOOD, noUsage: true } : { kind: "ok", content: GOOD, promptTokens: 1_000, completionTokens: 200 }),
      {},
      { inputPerMillionUsd: 0.5, outputPerMillionUsd: 2 },
    );
    const meter = new JudgeMeter();
    for (let n = 0; n < 5; n += 1) await judge(ask(profile, prompt(n)), { provider, meter });
    const usage = meter.snapshot();
    expect(usage).toMatchObject({ calls: 5, inputTokens: 4_000, outputTokens: 800, callsWithoutUsage: 1 });
    // 4 priced calls x (1000 x 0.5 + 200 x 2) / 1e6 = 4 x 0.0009
    expect(usage.costUsd).toBeCloseTo(0.0036, 12);
  });

  test("cache hit = zero calls; cached raw text is re-parsed with the current parser", async () => {
    const { server, provider, profile } = await start((i) => ({ kind: "ok", content: `Verdict follows.\n{"grade": "B", "points": ${i % 2 ? 0 : 1}}` }));
    const cache = new InMemoryJudgeCache();
    const first = await Promise.all([0, 1, 2].map((n) => judge(ask(profile, prompt(n)), { provider, cache })));
    expect(server.requests).toBe(3);
    expect(cache.size).toBe(3);

    const meter = new JudgeMeter();
    const second = await Promise.all([0, 1, 2].map((n) => judge(ask(profile, prompt(n)), { provider, cache, meter })));
    expect(server.requests).toBe(3); // no new call
    expect(meter.snapshot()).toMatchObject({ calls: 0, cacheHits: 3, inputTokens: 0 });
    expect(second.map((o) => o.status === "parsed" && o.fromCache)).toEqual([true, true, true]);
    expect(second.map((o) => (o.status === "parsed" ? o.verdict.points : null))).toEqual(first.map((o) => (o.status === "parsed" ? o.verdict.points : null)));

    // A stored entry whose parse failed under an older parser is read again with today's parser: no call.
    const p = prompt(99);
    const key = judgeCacheKey(judgeProfileHash(profile), p.messages);
    const stale: CachedJudgeCall = {
      key,
      profileHash: judgeProfileHash(profile),
      profile,
      templateVersion: p.templateVersion,
      verdictKind: p.verdictKind,
      rawText: '```json\n{"grade": "C", "points": 2}\n```',
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
    const reparsed = await judge(ask(profile, p), { provider, cache });
    expect(reparsed).toMatchObject({ status: "parsed", fromCache: true, verdict: { grade: "C", points: 2 } });
    expect(server.requests).toBe(3);
  });

  test("cache entries are plain serialisable objects that satisfy their schema", async () => {
    const { provider, profile } = await start(() => ({ kind: "ok", content: GOOD }));
    const cache = new InMemoryJudgeCache();
    const outcome = await judge(ask(profile), { provider, cache, now: () => new Date("2026-01-02T03:04:05Z") });
    const entry = await cache.get(outcome.key);
    expect(CachedJudgeCall.parse(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
    expect(entry).toMatchObject({ rawText: GOOD, parsedVerdict: { grade: "A", points: 9, note: "clear" }, createdAt: "2026-01-02T03:04:05.000Z" });
  });

  test("a profile for another endpoint or template is a programming error", async () => {
    const { provider, profile } = await start(() => ({ kind: "ok", content: GOOD }));
    await expect(judge(ask({ ...profile, promptTemplateVersion: "other-v1" }), { provider })).rejects.toThrow(/rendered for profile template/);
    const other = await judge(ask({ ...profile, baseURL: "http://127.0.0.1:1/v1" }), { provider });
    expect(other).toMatchObject({ status: "call_failed", code: "config" });
  });
});

describe("the caller's parser and hash scheme", () => {
  test("an answer that breaks the caller's schema is a recorded parse failure naming the field", async () => {
    const { provider, profile } = await start(() => ({ kind: "ok", content: 'Here: {"grade": "E", "points": 12}' }));
    const cache = new InMemoryJudgeCache();
    const outcome = await judge(ask(profile), { provider, cache });
    expect(outcome).toMatchObject({ status: "unparsable", rawText: 'Here: {"grade": "E", "points": 12}' });
    if (outcome.status !== "unparsable") return;
    expect(outcome.reason).toMatch(/^invalid verdict: grade: .*; points: /);
    expect(await cache.get(outcome.key)).toMatchObject({ parseError: outcome.reason, parsedVerdict: null, verdictKind: "grade" });
  });

  test("a parser function: its verdict type and its own failure wording", async () => {
    const { provider, profile } = await start((i) => ({ kind: "ok", content: i === 0 ? "VERDICT: yes" : "no idea" }));
    const yesNo = (raw: string) => {
      const match = /VERDICT: (yes|no)/.exec(raw);
      return match ? { ok: true as const, verdict: match[1] === "yes" } : { ok: false as const, reason: "no VERDICT line" };
    };
    const yes = await judge({ profile, prompt: prompt(1), parse: yesNo }, { provider });
    expect(yes).toMatchObject({ status: "parsed", verdict: true });
    const none = await judge({ profile, prompt: prompt(2), parse: yesNo }, { provider });
    expect(none).toMatchObject({ status: "unparsable", reason: "no VERDICT line" });
  });

  test("the profile hash scheme is the caller's: another scheme, another cache key", async () => {
    const { server, provider, profile } = await start(() => ({ kind: "ok", content: GOOD }));
    const cache = new InMemoryJudgeCache();
    const plain = await judge(ask(profile), { provider, cache });
    const mine = await judge(ask(profile), { provider, cache, profileHashScheme: "my-benchmark-judge-v1" });
    expect(plain.profileHash).toBe(judgeProfileHash(profile));
    expect(mine.profileHash).toBe(judgeProfileHash(profile, "my-benchmark-judge-v1"));
    expect(mine.key).not.toBe(plain.key);
    expect(server.requests).toBe(2);
    expect(cache.size).toBe(2);
  });
});
