import { judge as askJudge, type JudgeDeps as ClientDeps, type JudgeOutcome } from "@/lib/llm-judge/judge";
import type { JudgeProfile } from "@/lib/llm-judge/profile";
import { ALPSBENCH_PROFILE_HASH_SCHEME } from "./profile";
import { PROMPT_TEMPLATES } from "./prompts/prompt-templates";
import type { RenderedPrompt } from "./prompts/types";
import { parseVerdict, type VerdictKind, type VerdictOf } from "./verdicts";

export type JudgeRequest<K extends VerdictKind> = {
  profile: JudgeProfile;
  prompt: RenderedPrompt<K>;
  /** replay provider: which recorded item answers (also mixed into the cache key for replay) */
  replayKey?: string;
  signal?: AbortSignal;
};

/** The generic client's dependencies; the profile hash scheme is always AlpsBench's. */
type JudgeDeps = Omit<ClientDeps, "profileHashScheme">;

/**
 * Ask the judge one of AlpsBench's questions (a prompt rendered from one of its templates) through the generic
 * client (lib/llm-judge): the verdict is read by the parser of the prompt's verdict kind, and profiles are hashed
 * under AlpsBench's scheme, so cache keys and score versions are AlpsBench's own.
 * Throws on programming errors: an unknown template, a prompt of another kind than its template's.
 */
export async function judge<K extends VerdictKind>(request: JudgeRequest<K>, deps: JudgeDeps): Promise<JudgeOutcome<VerdictOf<K>>> {
  const { profile, prompt } = request;
  const template = PROMPT_TEMPLATES[profile.promptTemplateVersion];
  if (!template) throw new Error(`unknown prompt template version "${profile.promptTemplateVersion}"`);
  if (prompt.templateVersion !== profile.promptTemplateVersion || template.verdictKind !== prompt.verdictKind) {
    throw new Error(`prompt ${prompt.templateVersion} (${prompt.verdictKind}) rendered for profile template ${profile.promptTemplateVersion}`);
  }
  const kind = prompt.verdictKind;
  return askJudge<VerdictOf<K>>(
    { profile, prompt, parse: (rawText) => parseVerdict(kind, rawText), replayKey: request.replayKey, signal: request.signal },
    { ...deps, profileHashScheme: ALPSBENCH_PROFILE_HASH_SCHEME },
  );
}
