"use server";

import { signOut } from "@/lib/auth/auth";

/** The header's and the account page's sign-out form: ends the session and goes home. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
