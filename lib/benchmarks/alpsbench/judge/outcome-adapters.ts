import type { JudgeOutcome } from "@/lib/llm-judge/judge";
import type { ResponseOutcome } from "./scores";
import type { ParsedVerdict } from "@/lib/llm-judge/parse";

/** A judge call that did not happen (transport failure): the item is "not judged", never scored as a verdict. */
type NotJudged = { ok: false; notJudged: true; reason: string };

/** One judge outcome as the per-instance score functions (judgeT12Instance, judgeT3Instance) read it. */
export function parsedOf<V>(outcome: JudgeOutcome<V>): ParsedVerdict<V> | NotJudged {
  if (outcome.status === "parsed") return { ok: true, verdict: outcome.verdict };
  if (outcome.status === "unparsable") return { ok: false, reason: outcome.reason };
  return { ok: false, notJudged: true, reason: outcome.reason };
}

/** One response's judge outcome as the Task 4 score functions read it. */
export function responseOutcomeOf<V>(outcome: JudgeOutcome<V>): ResponseOutcome<V> {
  if (outcome.status === "parsed") return { ok: true, verdict: outcome.verdict };
  return { ok: false, reason: outcome.reason, notJudged: outcome.status === "call_failed" };
}
