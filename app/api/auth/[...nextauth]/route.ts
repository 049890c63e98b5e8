import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { readSignInRequest } from "@/lib/auth/sign-in-body";
import { checkSignInAttempt, clientIpOf } from "@/lib/auth/sign-in-guard";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { withErrors } from "@/lib/http/error-response";
import { publicHostOf, publicProtocolOf } from "@/lib/security/same-origin";

/**
 * next-auth's endpoints: /api/auth/session, /api/auth/csrf, /api/auth/callback/<provider>, /api/auth/signout…
 *
 * Auth.js builds its redirects, and the origin a callbackUrl must match, from the request URL. Next's request
 * URL is not the one the browser used: NextRequest rewrites loopback hosts (127.0.0.1, [::1]) to "localhost",
 * so a sign-in link opened at http://127.0.0.1:3000 signed the cookie in on 127.0.0.1 and then redirected to
 * localhost, another cookie jar. Without AUTH_URL the handlers therefore get a plain Request at the origin of
 * the Host header (X-Forwarded-Host/-Proto only behind a proxy TRUSTED_PROXY_HOPS trusts: any client can send
 * them), as the server actions' signIn() computes it (trustHost); with AUTH_URL,
 * next-auth uses that (and reads `nextUrl`, so the NextRequest is passed through untouched).
 */
async function atPublicOrigin(request: NextRequest): Promise<NextRequest> {
  if (env().AUTH_URL) return request;
  const host = publicHostOf(request.headers);
  if (!host) return request;
  const url = new URL(request.url);
  const protocol = publicProtocolOf(request.headers, url.protocol);
  const target = new URL(`${url.pathname}${url.search}`, `${protocol}://${host}`);
  const body = request.method === "POST" ? await request.arrayBuffer() : undefined;
  const plain = new Request(target, { method: request.method, headers: request.headers, body });
  // next-auth's handlers are typed for NextRequest but, without AUTH_URL, only read what Request has
  return plain as unknown as NextRequest;
}

export const GET = withErrors("GET /api/auth/*", async (request: NextRequest) => handlers.GET(await atPublicOrigin(request)));

/**
 * POST /api/auth/signin/<provider> starts a sign-in (sends an e-mail, or redirects to GitHub) without going
 * through the sign-in page, so the sign-in guard is applied here as well, on the address Auth.js will mail
 * (lib/auth/sign-in-body.ts: a form post with one email field, or 400).
 */
export const POST = withErrors("POST /api/auth/*", async (request: NextRequest) => {
  const read = await readSignInRequest(request);
  if (!read.ok) throw new ApiError("bad_request", read.message);
  if (read.provider !== null) {
    const verdict = await checkSignInAttempt({ method: read.provider === "github" ? "github" : "email", email: read.email, ip: clientIpOf(request.headers) });
    if (!verdict.ok)
      throw new ApiError("sign_in_refused", verdict.message, {}, verdict.retryAfterSeconds ? { "retry-after": String(verdict.retryAfterSeconds) } : {});
  }
  return handlers.POST(await atPublicOrigin(request));
});
