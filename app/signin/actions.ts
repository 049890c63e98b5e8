"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn, signInMethods } from "@/lib/auth/auth";
import { createDevSession, devSignInAvailable } from "@/lib/auth/dev-sign-in";
import { normalisedEmail } from "@/lib/auth/sign-in-body";
import { checkSignInAttempt, clientIpOf, type SignInAttempt } from "@/lib/auth/sign-in-guard";
import { SignInEmailInput } from "@/lib/auth/sign-in-input";
import { safeCallbackPath } from "./callback-path";

export type EmailFormState = { error: string | null; email: string };

async function guard(method: SignInAttempt["method"], email: string | null): Promise<string | null> {
  const verdict = await checkSignInAttempt({ method, email, ip: clientIpOf(await headers()) });
  return verdict.ok ? null : verdict.message;
}

/** Sends a magic link (Auth.js Nodemailer provider); success redirects to /signin/check-email. */
export async function emailSignInAction(_previous: EmailFormState, form: FormData): Promise<EmailFormState> {
  const rawEmail = String(form.get("email") ?? "");
  if (!signInMethods().email) return { error: "Sign-in by e-mail is not configured on this server.", email: rawEmail };
  const parsed = SignInEmailInput.safeParse({ email: rawEmail });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address.", email: rawEmail };
  // counted on the address as Auth.js's normaliser will write it, the key direct POSTs count on too
  const refused = await guard("email", normalisedEmail(parsed.data.email) ?? parsed.data.email);
  if (refused) return { error: refused, email: rawEmail };
  const redirectTo = safeCallbackPath(String(form.get("callbackUrl") ?? ""));
  let target: string;
  try {
    // redirect: false, so the browser goes straight to our page instead of bouncing through /api/auth/verify-request
    target = await signIn("nodemailer", { email: parsed.data.email, redirectTo, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) return { error: "The sign-in e-mail could not be sent. Try again in a minute.", email: rawEmail };
    throw error;
  }
  redirect(afterEmailSignIn(target));
}

/** Where Auth.js's answer to an e-mail sign-in request sends the browser: the check-your-mail page, or our error page. */
function afterEmailSignIn(target: string): string {
  const url = new URL(target, "http://local.invalid");
  if (url.pathname.endsWith("/verify-request")) return "/signin/check-email";
  const error = url.searchParams.get("error");
  return error ? `/signin?error=${encodeURIComponent(error)}` : "/signin/check-email";
}

export async function githubSignInAction(_previous: EmailFormState, form: FormData): Promise<EmailFormState> {
  if (!signInMethods().github) return { error: "Sign-in with GitHub is not configured on this server.", email: "" };
  const refused = await guard("github", null);
  if (refused) return { error: refused, email: "" };
  const redirectTo = safeCallbackPath(String(form.get("callbackUrl") ?? ""));
  try {
    await signIn("github", { redirectTo });
  } catch (error) {
    // Auth.js signals success by throwing Next's redirect, which must pass through; only its own errors become a message
    if (error instanceof AuthError) return { error: "Sign-in with GitHub failed. Try again.", email: "" };
    throw error;
  }
  return { error: null, email: "" };
}

/** The development sign-in (development builds only; see lib/auth/dev-sign-in.ts). */
export async function devSignInAction(_previous: EmailFormState, form: FormData): Promise<EmailFormState> {
  const rawEmail = String(form.get("email") ?? "");
  if (!devSignInAvailable()) return { error: "The development sign-in does not exist in production builds.", email: rawEmail };
  const parsed = SignInEmailInput.safeParse({ email: rawEmail });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address.", email: rawEmail };
  const requestHeaders = await headers();
  const secure = requestHeaders.get("x-forwarded-proto") === "https";
  const session = await createDevSession(parsed.data.email, secure);
  (await cookies()).set(session.name, session.value, { httpOnly: true, sameSite: "lax", path: "/", secure, expires: session.expires });
  redirect(safeCallbackPath(String(form.get("callbackUrl") ?? "")));
}
