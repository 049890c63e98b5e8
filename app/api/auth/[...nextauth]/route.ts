import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { checkSignInAttempt, clientIpOf } from "@/lib/auth/sign-in-guard";

/** next-auth's endpoints: /api/auth/session, /api/auth/csrf, /api/auth/callback/<provider>, /api/auth/signout… */
export const { GET } = handlers;

/**
 * POST /api/auth/signin/<provider> starts a sign-in (sends an e-mail, or redirects to GitHub) without going
 * through the sign-in page, so the sign-in guard is applied here as well.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const provider = /\/api\/auth\/signin\/([^/?]+)/.exec(request.nextUrl.pathname)?.[1];
  if (provider) {
    const email = provider === "nodemailer" ? String((await request.clone().formData().catch(() => null))?.get("email") ?? "") || null : null;
    const verdict = await checkSignInAttempt({ method: provider === "github" ? "github" : "email", email, ip: clientIpOf(request.headers) });
    if (!verdict.ok) {
      return Response.json(
        { error: { code: "sign_in_refused", message: verdict.message } },
        { status: 429, headers: verdict.retryAfterSeconds ? { "retry-after": String(verdict.retryAfterSeconds) } : {} },
      );
    }
  }
  return handlers.POST(request);
}
