import "server-only";
import { headers } from "next/headers";
import { signInMethods } from "@/lib/auth/auth";
import { localSignInGate } from "@/lib/auth/local-sign-in";
import { clientIpOf } from "@/lib/auth/sign-in-guard";

/** Whether this request's pages offer the local sign-in link (no real method configured, a loopback request). */
export async function localSignInOffered(): Promise<boolean> {
  const requestHeaders = await headers();
  return localSignInGate({ methods: signInMethods(), clientAddress: clientIpOf(requestHeaders), host: requestHeaders.get("host") }).ok;
}
