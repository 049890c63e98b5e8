"use server";

import { headers } from "next/headers";
import { signInMethods } from "@/lib/auth/auth";
import { issueLocalSignInLink, localSignInGate, LOCAL_LINK_TTL_MS } from "@/lib/auth/local-sign-in";
import { clientIpOf } from "@/lib/auth/sign-in-guard";
import { SignInEmailInput } from "@/lib/auth/sign-in-input";
import { db } from "@/lib/db/client";
import { safeCallbackPath } from "./callback-path";

export type LocalLinkState = { error: string | null; email: string; printed: boolean };

/**
 * Prints a one-time sign-in link to the server's log (lib/auth/local-sign-in.ts): only with no real sign-in
 * method configured, only for a request from this machine to a loopback address.
 */
export async function localSignInLinkAction(_previous: LocalLinkState, form: FormData): Promise<LocalLinkState> {
  const rawEmail = String(form.get("email") ?? "");
  const requestHeaders = await headers();
  const host = requestHeaders.get("host");
  const gate = localSignInGate({ methods: signInMethods(), clientAddress: clientIpOf(requestHeaders), host });
  if (!gate.ok) return { error: `No local sign-in link here: ${gate.reason}.`, email: rawEmail, printed: false };
  const parsed = SignInEmailInput.safeParse({ email: rawEmail });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address.", email: rawEmail, printed: false };
  const link = await issueLocalSignInLink(db(), {
    email: parsed.data.email,
    origin: `http://${host}`,
    callbackPath: safeCallbackPath(String(form.get("callbackUrl") ?? "")),
  });
  // the server's log is where the link goes: whoever reads it runs the server
  console.log(
    `[sign-in] local sign-in link for ${parsed.data.email} (works once, for ${LOCAL_LINK_TTL_MS / 60_000} minutes, until ${link.expires.toISOString().slice(11, 16)} UTC):\n[sign-in]   ${link.url}`,
  );
  return { error: null, email: rawEmail, printed: true };
}
