/**
 * The line the upload form shows under a refusal: what to do next, which depends on why the upload was refused
 * (pure, no imports: the form's browser bundle loads it). "Fix the file" is right only when the file was at fault;
 * after a limit the file may be fine and the answer is when to come back; after a duplicate there is nothing to
 * send again.
 */
export function refusalAdvice(status: number, nextAllowedAt: string | null | undefined, code?: string | null): string {
  const keeps = "the form keeps what you entered";
  // the request limit (lib/security/rate-limit.ts) answers before the file is read
  if (status === 429 && code === "rate_limited") return `Nothing was stored or counted, and the file was not read. Submit it again in a moment; ${keeps}.`;
  if (status === 429) {
    const at = nextAllowedAt ? Date.parse(nextAllowedAt) : NaN;
    const when = Number.isFinite(at) ? `from ${formatAllowedAt(new Date(at))}` : "once the limit allows it (the message above says when)";
    // the limits are checked after validation and the duplicate rule (create-submission.ts): the file passed both
    return `The file passed validation; nothing was stored or counted. Submit it again ${when}; ${keeps}.`;
  }
  if (status === 409)
    return "Nothing was stored: these predictions are already scored, so there is nothing to submit again. Follow the existing submission instead.";
  if (status === 404) return `Nothing was stored: this server cannot score that benchmark or track (the message above says why); the file itself may be fine.`;
  if (status === 400) return `Correct the fields or the file the message names and submit again; ${keeps}.`;
  if (status >= 500) return `Nothing was stored; this failure is on our side. Try again in a moment; ${keeps}.`;
  return `Fix the file and submit again; ${keeps}.`;
}

/** "2026-11-27 14:05 UTC": minutes rounded up, so the time said is never before the time allowed. */
export function formatAllowedAt(at: Date): string {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${up.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
