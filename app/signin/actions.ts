"use server";

import { AuthError } from "next-auth";
import { DEV_SIGNIN_PROVIDER_ID, DevSignInInput, devSignInEnabled, signIn, signOut } from "@/lib/auth/auth";
import { safeCallbackPath } from "./callback-path";

export type DevSignInState = { error: string | null; email: string };

/** The development sign-in form's action. Success redirects (signIn throws Next's redirect); failure returns a message. */
export async function devSignInAction(_previous: DevSignInState, form: FormData): Promise<DevSignInState> {
  const rawEmail = String(form.get("email") ?? "");
  if (!devSignInEnabled()) return { error: "The development sign-in is switched off on this server.", email: rawEmail };
  const parsed = DevSignInInput.safeParse({ email: rawEmail });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address.", email: rawEmail };
  const redirectTo = safeCallbackPath(String(form.get("callbackUrl") ?? ""));
  try {
    await signIn(DEV_SIGNIN_PROVIDER_ID, { email: parsed.data.email, redirectTo });
  } catch (error) {
    // Next's redirect is thrown too and must pass through; only Auth.js errors become a message.
    if (error instanceof AuthError) return { error: "Sign-in failed. Try again.", email: rawEmail };
    throw error;
  }
  return { error: null, email: rawEmail };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
