import { JudgeCallError, type JudgeCallRequest, type JudgeCompletion, type JudgeProvider } from "./provider";

/**
 * Answers judge prompts from recorded judge outputs instead of a model: usable anywhere the live
 * provider is (same interface, same judge() path, same cache). Recordings are looked up by the
 * request's `replayKey` (an item id, or `<item>#<response index>` for per-response judges).
 * A recording that is a string is returned as is; a decoded JSON value is re-serialised, so it goes
 * through the same text parser as a live completion. A null recording means "this item was never
 * judged" and fails the call with code `not_judged`; an unknown key fails with `not_recorded`.
 */
export function createReplayProvider(recordings: ReadonlyMap<string, unknown>): JudgeProvider {
  return {
    kind: "replay",
    async complete(request: JudgeCallRequest): Promise<JudgeCompletion> {
      if (request.profile.provider !== "replay") {
        throw new JudgeCallError("config", `replay provider got a "${request.profile.provider}" profile`);
      }
      const key = request.replayKey;
      if (key === undefined) throw new JudgeCallError("config", "replay needs a replayKey on the request");
      if (!recordings.has(key)) throw new JudgeCallError("not_recorded", `no recorded judge output for ${key}`, { attempts: 1 });
      const value = recordings.get(key);
      if (value === null) {
        throw new JudgeCallError("not_judged", `recorded judge output for ${key} is null: the item was not judged`, { attempts: 1 });
      }
      return {
        text: typeof value === "string" ? value : JSON.stringify(value),
        inputTokens: null,
        outputTokens: null,
        latencyMs: 0,
        attempts: 1,
        responseModel: null,
        finishReason: null,
      };
    },
  };
}
