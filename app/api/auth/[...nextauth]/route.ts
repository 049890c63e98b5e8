import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { checkSignInAttempt, clientIpOf } from "@/lib/auth/sign-in-guard";
import { env } from "@/lib/env";

/**
 * next-auth's endpoints: /api/auth/session, /api/auth/csrf, /api/auth/callback/<provider>, /api/auth/signout…
 *
 * Next hands route handlers a request URL on the server's own hostname (`http://localhost:<port>/…`), not
 * the one the browser used. Auth.js builds redirects and the allowed callback origin from that URL, so
 * a sign-in link opened at https://leaderboard.example would redirect to localhost. Without AUTH_URL, the
 * URL is rebuilt from the Host / X-Forwarded-Host headers, as the server actions' signIn() already does
 * (trustHost); with AUTH_URL, next-auth uses that.
 */
function atPublicOrigin(request: NextRequest): NextRequest {
  if (env().AUTH_URL) return request;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return request;
  // request.url, not request.nextUrl: Auth.js reads the former, which keeps the server's own hostname
  const url = new URL(request.url);
  const protocol = (request.headers.get("x-forwarded-proto") ?? url.protocol).replace(/:$/, "");
  const target = new URL(`${url.pathname}${url.search}`, `${protocol}://${host}`);
  return target.origin === url.origin ? request : new NextRequest(target, request);
}

export async function GET(request: NextRequest): Promise<Response> {
  return handlers.GET(atPublicOrigin(request));
}

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
  return handlers.POST(atPublicOrigin(request));
}
