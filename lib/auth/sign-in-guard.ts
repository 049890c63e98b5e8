import { env } from "@/lib/env";
import { clientAddress, takeRateLimitPoint } from "@/lib/security/rate-limit";
import { emailKey } from "./email-key";

/**
 * Sign-in abuse limits, checked before anything is sent or created, by every way to start a sign-in: the sign-in
 * page's actions (app/signin/actions.ts) and direct POSTs to /api/auth/signin/<provider>
 * (app/api/auth/[...nextauth]/route.ts).
 * - per client address: every sign-in POST already counts in proxy.ts (`signin` bucket);
 * - per mailbox (lib/auth/email-key.ts: `eve+1@` and `eve+2@` are one): at most RATE_LIMIT_SIGNIN_EMAILS_PER_HOUR
 *   links are mailed, whoever asks, so nobody can flood an inbox by asking from many addresses;
 * - new accounts per client address: a link for an address that has no account yet (following it creates one)
 *   takes a point of the `signup` bucket, RATE_LIMIT_NEW_ACCOUNTS_PER_DAY per 24 hours. Upload limits are
 *   counted per mailbox (lib/submissions/upload-ledger.ts), so what a new account buys is a new mailbox's limits;
 *   this bound is what one client pays for a batch of throw-away mailboxes. A GitHub sign-in costs a GitHub
 *   account and is not bounded here (docs/security.md says what remains).
 */
export type SignInAttempt = {
  method: "email" | "github" | "dev";
  /** the address a magic link is requested for; null for OAuth */
  email: string | null;
  /** the client address as the proxy sees it */
  ip: string | null;
};

type SignInVerdict = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };

/** Whether an account already uses this address (as Auth.js stores it: lower case). */
type AccountLookup = (email: string) => Promise<boolean>;

const accountExists: AccountLookup = async (email) => {
  // imported here: the web tier's client is server-only, and the unit tests pass a lookup of their own
  const { db } = await import("@/lib/db/client");
  return (await db().user.count({ where: { email: email.trim().toLowerCase() } })) > 0;
};

export async function checkSignInAttempt(attempt: SignInAttempt, hasAccount: AccountLookup = accountExists): Promise<SignInVerdict> {
  if (attempt.method !== "email" || !attempt.email) return { ok: true };
  const mailbox = await takeRateLimitPoint("email", emailKey(attempt.email));
  if (!mailbox.ok) {
    return {
      ok: false,
      message: `Too many sign-in e-mails were sent to this mailbox: at most ${mailbox.limit} an hour (a +tag is the same mailbox). Use a link already sent, or try again in ${Math.ceil(mailbox.retryAfterSeconds / 60)} min.`,
      retryAfterSeconds: mailbox.retryAfterSeconds,
    };
  }
  if (await hasAccount(attempt.email)) return { ok: true };
  const signup = await takeRateLimitPoint("signup", attempt.ip ?? "unknown");
  if (signup.ok) return { ok: true };
  return {
    ok: false,
    message: `Too many new accounts from your network: at most ${env().RATE_LIMIT_NEW_ACCOUNTS_PER_DAY} sign-up e-mails a day from one address. Sign in with an account you already have, or try again in ${Math.ceil(signup.retryAfterSeconds / 3600)} h.`,
    retryAfterSeconds: signup.retryAfterSeconds,
  };
}

/** The client address of a request, the same one the proxy's rate limits count. */
export function clientIpOf(headers: Headers): string | null {
  const address = clientAddress(headers);
  return address === "unknown" ? null : address;
}
