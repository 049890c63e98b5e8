import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { liveJudgeFromEnv, type JudgeEnv } from "./from-env";
import { judge } from "./judge";
import { type FakeChatServer, startFakeChatServer } from "@/tests/fakes/llm-judge/fake-chat-server";

/** The judge JUDGE_* configures, as a benchmark's scoring step builds it when the platform hands it none. */
const base: JudgeEnv = { JUDGE_PROVIDER: "openai-compatible", JUDGE_CONCURRENCY: 2, JUDGE_TIMEOUT_MS: 5_000 };
const servers: FakeChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("liveJudgeFromEnv", () => {
  test("no base URL or no model: no judge", () => {
    expect(liveJudgeFromEnv(base)).toBeNull();
    expect(liveJudgeFromEnv({ ...base, JUDGE_BASE_URL: "http://127.0.0.1:9/v1" })).toBeNull();
    expect(liveJudgeFromEnv({ ...base, JUDGE_MODEL: "m" })).toBeNull();
  });

  test("another protocol is refused by name", () => {
    expect(() => liveJudgeFromEnv({ ...base, JUDGE_BASE_URL: "http://127.0.0.1:9/v1", JUDGE_MODEL: "m", JUDGE_PROVIDER: "anthropic" })).toThrow(
      /JUDGE_PROVIDER "anthropic" is not supported/,
    );
  });

  test("a configured judge: one profile per prompt template on its endpoint and model, answering through judge()", async () => {
    const server = await startFakeChatServer(() => ({ kind: "ok", content: '{"ok": true}' }));
    servers.push(server);
    const live = liveJudgeFromEnv({ ...base, JUDGE_BASE_URL: server.baseURL, JUDGE_MODEL: "judge-2025" });
    expect(live).not.toBeNull();
    if (!live) return;
    const profile = live.profileFor("check-v1");
    expect(profile).toMatchObject({
      provider: "openai-compatible",
      baseURL: server.baseURL,
      model: "judge-2025",
      promptTemplateVersion: "check-v1",
      maxTokens: 4096,
      temperature: 0,
    });
    const prompt = { templateVersion: "check-v1", verdictKind: "check", messages: [{ role: "user" as const, content: "ok?" }] };
    const outcome = await judge({ profile, prompt, parse: z.object({ ok: z.boolean() }) }, { provider: live.provider });
    expect(outcome).toMatchObject({ status: "parsed", verdict: { ok: true } });
    expect(server.bodies[0]).toMatchObject({ model: "judge-2025", max_tokens: 4096 });
  });
});
