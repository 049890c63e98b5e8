import { NextResponse, type NextRequest } from "next/server";
import { signInMethods } from "@/lib/auth/auth";
import { localSignInGate, redeemLocalSignInToken } from "@/lib/auth/local-sign-in";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { clientIpOf } from "@/lib/auth/sign-in-guard";
import { db } from "@/lib/db/client";
import { withErrors } from "@/lib/http/error-response";
import { safeCallbackPath } from "../callback-path";

export const dynamic = "force-dynamic";

/**
 * GET /signin/local?token=…: uses a local sign-in link printed in the server's log (lib/auth/local-sign-in.ts).
 * Not served (404) when a real sign-in method is configured or the request is not a loopback one; a used, expired
 * or unknown token goes back to /signin with the reason. The 404 is a page's plain text, not the API's JSON: a
 * browser opens this link.
 */
export const GET = withErrors("GET /signin/local", async (request: NextRequest) => {
  const host = request.headers.get("host");
  const gate = localSignInGate({ methods: signInMethods(), clientAddress: clientIpOf(request.headers), host });
  if (!gate.ok) return new NextResponse("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const origin = `http://${host}`;
  const redeemed = await redeemLocalSignInToken(db(), request.nextUrl.searchParams.get("token") ?? "");
  if (!redeemed) return NextResponse.redirect(new URL("/signin?error=LocalLink", origin), 303);
  const response = NextResponse.redirect(new URL(safeCallbackPath(request.nextUrl.searchParams.get("callbackUrl")), origin), 303);
  response.cookies.set(sessionCookieName(false), redeemed.sessionToken, { httpOnly: true, sameSite: "lax", path: "/", expires: redeemed.expires });
  response.headers.set("cache-control", "no-store");
  return response;
});
