import { clientAddress, takeRateLimitPoint } from "@/lib/security/rate-limit";

/**
 * Sign-in abuse limits, checked before anything is sent or created, by every way to start a sign-in: the sign-in
 * page's actions (app/signin/actions.ts) and direct POSTs to /api/auth/signin/<provider>
 * (app/api/auth/[...nextauth]/route.ts).
 * - per client address: every sign-in POST already counts in proxy.ts (`signin` bucket);
 * - per e-mail address: at most RATE_LIMIT_SIGNIN_EMAILS_PER_HOUR links are mailed to one address, whoever asks,
 *   so nobody can flood an inbox by asking from many addresses.
 */
export type SignInAttempt = {
  method: "email" | "github" | "dev";
  /** the address a magic link is requested for; null for OAuth */
  email: string | null;
  /** the client address as the proxy sees it */
  ip: string | null;
};

export type SignInVerdict = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };

export async function checkSignInAttempt(attempt: SignInAttempt): Promise<SignInVerdict> {
  if (attempt.method !== "email" || !attempt.email) return { ok: true };
  const decision = await takeRateLimitPoint("email", attempt.email.trim().toLowerCase());
  if (decision.ok) return { ok: true };
  return {
    ok: false,
    message: `Too many sign-in e-mails were sent to this address: at most ${decision.limit} an hour. Use a link already sent, or try again in ${Math.ceil(decision.retryAfterSeconds / 60)} min.`,
    retryAfterSeconds: decision.retryAfterSeconds,
  };
}

/** The client address of a request, the same one the proxy's rate limits count. */
export function clientIpOf(headers: Headers): string | null {
  const address = clientAddress(headers);
  return address === "unknown" ? null : address;
}
