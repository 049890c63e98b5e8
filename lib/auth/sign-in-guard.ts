/**
 * The seam for sign-in abuse limits (rate limits per address and per client), owned by lib/security.
 * Every way to start a sign-in passes through checkSignInAttempt before anything is sent or created:
 * the sign-in page's actions (app/signin/actions.ts) and direct POSTs to /api/auth/signin/<provider>
 * (app/api/auth/[...nextauth]/route.ts). Today it lets everything through.
 */
export type SignInAttempt = {
  method: "email" | "github" | "dev";
  /** the address a magic link is requested for; null for OAuth */
  email: string | null;
  /** the client address as the proxy reports it (x-forwarded-for / x-real-ip), or null */
  ip: string | null;
};

export type SignInVerdict = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };

export async function checkSignInAttempt(_attempt: SignInAttempt): Promise<SignInVerdict> {
  return { ok: true };
}

/** The client address of a request, as far as headers tell (the first x-forwarded-for hop, else x-real-ip). */
export function clientIpOf(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || null;
}
