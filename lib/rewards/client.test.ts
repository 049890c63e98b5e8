import { afterEach, describe, expect, test } from "vitest";
import { scoreTextsCached } from "./cache";
import { batches, createRewardClient, RewardServiceError } from "./client";
import { rewardServiceFromEnv } from "./from-env";
import { defineRewardProfile, rewardProfileHash } from "./profile";
import { fakeRewardScore, startFakeRewardServer, type FakeRewardServer } from "@/tests/fakes/rewards/fake-reward-server";
import { InMemoryRewardCache } from "@/tests/fakes/rewards/in-memory-reward-cache";
import { scoreTexts } from "@/tests/helpers/rewards/score-texts";

/**
 * The reward client against a local reward service (node:http on 127.0.0.1): texts go in batches of the
 * profile's batch size and come back in order; 503s are retried; a 400 is not; the concurrency bound holds;
 * the cache answers repeated texts without a request; the profile hash moves with every pinned field.
 */
const servers: FakeRewardServer[] = [];
async function serve(options: Parameters<typeof startFakeRewardServer>[0] = {}) {
  const server = await startFakeRewardServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const PIN = { model: "OpenAssistant/reward-model-deberta-v3-large-v2", revision: "c355404" };
const profileFor = (baseURL: string, batchSize: number) => defineRewardProfile({ baseURL, models: { deberta: PIN }, maxLength: 8192, batchSize });
const texts = (n: number) => Array.from({ length: n }, (_, i) => ({ prompt: `prompt ${i % 5}`, response: `response ${i}` }));

describe("batches", () => {
  test("splits in order into full batches and a shorter last one", () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batches([1, 2], 16)).toEqual([[1, 2]]);
    expect(batches([], 4)).toEqual([]);
  });
});

describe("reward client", () => {
  test("37 texts at batch size 16: three requests of 16, 16 and 5 carrying the pin and max length; scores in input order; the key as a bearer token", async () => {
    const server = await serve();
    const client = createRewardClient({ baseURL: server.baseURL, apiKey: "secret-key", concurrency: 2, timeoutMs: 2000 });
    const input = texts(37);
    const scores = await scoreTexts(client, profileFor(server.baseURL, 16), "deberta", input);
    expect(server.bodies.map((b) => b.texts.length).sort((a, b) => b - a)).toEqual([16, 16, 5]);
    expect(server.bodies[0]).toMatchObject({ model: PIN.model, revision: PIN.revision, max_length: 8192 });
    expect(scores).toEqual(input.map((t) => fakeRewardScore(PIN.model, PIN.revision, t.prompt, t.response)));
    expect(server.authorizations).toEqual(["Bearer secret-key", "Bearer secret-key", "Bearer secret-key"]);
  });

  test("503s are retried with backoff until the service answers; a 404 is not retried", async () => {
    const server = await serve({ failFirst: 2 });
    const client = createRewardClient({ baseURL: server.baseURL, concurrency: 1, timeoutMs: 2000, maxRetries: 3, retryBaseMs: 5 });
    const scores = await scoreTexts(client, profileFor(server.baseURL, 8), "deberta", texts(3));
    expect(scores).toHaveLength(3);
    expect(server.requests).toBe(3);

    const tooMany = await serve({ failFirst: 10 });
    const giveUp = createRewardClient({ baseURL: tooMany.baseURL, concurrency: 1, timeoutMs: 2000, maxRetries: 2, retryBaseMs: 5 });
    await expect(scoreTexts(giveUp, profileFor(tooMany.baseURL, 8), "deberta", texts(3))).rejects.toThrow(/no answer after 3 attempts \(last: HTTP 503\)/);
    expect(tooMany.requests).toBe(3);

    const wrongPath = createRewardClient({ baseURL: `${server.baseURL}/nowhere`, concurrency: 1, timeoutMs: 2000, retryBaseMs: 5 });
    const before = server.requests;
    await expect(wrongPath.scoreBatch(PIN, 8192, texts(1))).rejects.toBeInstanceOf(RewardServiceError);
    expect(server.requests - before).toBe(1);
  });

  test("a timeout is retried; never more requests in flight than the bound", async () => {
    const server = await serve({ delayMs: 30 });
    const client = createRewardClient({ baseURL: server.baseURL, concurrency: 3, timeoutMs: 2000 });
    await scoreTexts(client, profileFor(server.baseURL, 2), "deberta", texts(40));
    expect(server.requests).toBe(20);
    expect(server.peakInFlight).toBe(3);
    expect(client.limiter.peak).toBe(3);

    const slow = await serve({ delayMs: 1500 });
    const impatient = createRewardClient({ baseURL: slow.baseURL, concurrency: 1, timeoutMs: 1000, maxRetries: 1, retryBaseMs: 5 });
    await expect(impatient.scoreBatch(PIN, 8192, texts(1))).rejects.toThrow(/2 attempts \(last: TimeoutError/);
    expect(slow.requests).toBe(2);
  });

  test("the cache: repeated and already-scored texts are not sent again; another profile is a miss", async () => {
    const server = await serve();
    const client = createRewardClient({ baseURL: server.baseURL, concurrency: 2, timeoutMs: 2000 });
    const cache = new InMemoryRewardCache();
    const profile = profileFor(server.baseURL, 4);
    const input = [...texts(6), ...texts(6)]; // each text twice
    const first = await scoreTextsCached(client, cache, profile, "deberta", input);
    expect(first).toMatchObject({ cached: 6, scored: 6 }); // the second copies are served from the first
    expect(server.bodies.flatMap((b) => b.texts)).toHaveLength(6);
    const again = await scoreTextsCached(client, cache, profile, "deberta", input);
    expect(again).toEqual({ scores: first.scores, cached: 12, scored: 0 });
    expect(server.requests).toBe(2);
    await scoreTextsCached(client, cache, profileFor(server.baseURL, 8), "deberta", texts(1));
    expect(server.requests).toBe(3);
  });

  test("the profile hash moves with the model, revision, max length and batch size, not with the label", () => {
    const base = profileFor("http://127.0.0.1:1", 16);
    const hash = rewardProfileHash(base);
    expect(rewardProfileHash({ ...base, label: "renamed" })).toBe(hash);
    for (const changed of [
      { ...base, batchSize: 8 },
      { ...base, maxLength: 4096 },
      { ...base, models: { deberta: { ...PIN, revision: "other" } } },
      { ...base, models: { deberta: { ...PIN, model: "other/model" } } },
    ])
      expect(rewardProfileHash(changed)).not.toBe(hash);
  });
});

describe("rewardServiceFromEnv", () => {
  const base = { REWARD_SERVICE_MAX_LENGTH: 8192, REWARD_SERVICE_BATCH_SIZE: 16, REWARD_SERVICE_CONCURRENCY: 2, REWARD_SERVICE_TIMEOUT_MS: 5000 };
  const models = { a: "org/model-a", b: "org/model-b" };
  test("null without a URL; per-alias revisions over the common one; no revision at all is refused", () => {
    expect(rewardServiceFromEnv({ ...base, REWARD_SERVICE_REVISION: "r1" }, models)).toBeNull();
    const service = rewardServiceFromEnv(
      { ...base, REWARD_SERVICE_URL: "http://127.0.0.1:9", REWARD_SERVICE_REVISION: "r1", REWARD_SERVICE_REVISIONS: '{"b":"r2"}' },
      models,
    );
    expect(service?.profile).toMatchObject({
      models: { a: { model: "org/model-a", revision: "r1" }, b: { model: "org/model-b", revision: "r2" } },
      maxLength: 8192,
      batchSize: 16,
    });
    expect(() => rewardServiceFromEnv({ ...base, REWARD_SERVICE_URL: "http://127.0.0.1:9", REWARD_SERVICE_REVISIONS: '{"b":"r2"}' }, models)).toThrow(
      /no revision pins a \(org\/model-a\)/,
    );
  });
});

describe("scoreTextsCached when the service gives up mid-way", () => {
  test("the batches answered before the failure are cached; the next run sends only the rest", async () => {
    const server = await serve();
    const client = createRewardClient({ baseURL: server.baseURL, concurrency: 1, timeoutMs: 2000, maxRetries: 0, retryBaseMs: 5 });
    const cache = new InMemoryRewardCache();
    const profile = profileFor(server.baseURL, 2);
    // concurrency 1: batches of 2 go one after another; the first answers, then the service fails for good
    server.failAfter(1);
    await expect(scoreTextsCached(client, cache, profile, "deberta", texts(6))).rejects.toThrow(/503/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answered = cache.size;
    expect(answered).toBe(2);
    expect(server.requests).toBe(2); // the third batch was abandoned, not sent
    server.failAfter(null);
    const before = server.bodies.length;
    const again = await scoreTextsCached(client, cache, profile, "deberta", texts(6));
    expect(again).toMatchObject({ cached: answered, scored: 6 - answered });
    expect(server.bodies.slice(before).flatMap((b) => b.texts)).toHaveLength(6 - answered);
  });
});
