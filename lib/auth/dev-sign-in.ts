import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { DEVELOPMENT_BUILD } from "@/lib/env";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "./session-cookie";

/**
 * ── DEVELOPMENT SIGN-IN ─────────────────────────────────────────────────────────────────────────────
 * Signs anyone in as any e-mail address, with no password and no proof of ownership, by writing a
 * database session directly. It exists only in development builds (`npm run dev` / `next dev`):
 * DEVELOPMENT_BUILD is a compile-time constant, false in every `next build`, and no environment variable
 * of the running server can switch it on. End-to-end tests (production build) create their sessions in
 * the database instead (tests/e2e/sign-in.ts).
 * ────────────────────────────────────────────────────────────────────────────────────────────────────
 */
export const devSignInAvailable = (): boolean => DEVELOPMENT_BUILD;

type DevSessionCookie = { name: string; value: string; expires: Date; secure: boolean };

/** Creates (or finds) the user and a session for it; returns the cookie to set. Throws outside development builds. */
export async function createDevSession(email: string, secure: boolean): Promise<DevSessionCookie> {
  if (!DEVELOPMENT_BUILD) throw new Error("the development sign-in does not exist in production builds");
  const user = await db().user.upsert({ where: { email }, create: { email }, update: {}, select: { id: true } });
  const value = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db().session.create({ data: { sessionToken: value, userId: user.id, expires } });
  return { name: sessionCookieName(secure), value, expires, secure };
}
