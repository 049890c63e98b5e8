import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { SESSION_MAX_AGE_SECONDS } from "./session-cookie";

/**
 * LOCAL SIGN-IN LINK: how a fresh `npm start` (no EMAIL_SERVER, no GitHub app) signs a person in on the web, as
 * many self-hosted apps do. The sign-in page, asked from this machine, prints a one-time link to the server's log
 * (the terminal that runs it); whoever can read that log runs the server anyway. It is:
 * - off as soon as a real sign-in method is configured (e-mail or GitHub);
 * - only for loopback requests: the client address (the socket's, or TRUSTED_PROXY_HOPS to the left) AND the Host
 *   header must both be loopback, so neither a remote client nor a web page on another name (DNS rebinding) gets
 *   one, and a reverse proxy in front of a public site (Host: the public name) never serves it;
 * - one-time (the token row is deleted when used, and only one of two racing uses wins) and expiring
 *   (LOCAL_LINK_TTL_MS); the token is stored as its sha256, like API tokens.
 * The tokens sit in Auth.js's VerificationToken table under their own identifier prefix; Auth.js hashes its own
 * tokens with the secret, so neither kind can be redeemed as the other.
 */

export const LOCAL_LINK_TTL_MS = 15 * 60 * 1000;
const IDENTIFIER_PREFIX = "local-sign-in:";
const LOCAL_SIGN_IN_PATH = "/signin/local";

type LocalSignInGate = { ok: true } | { ok: false; reason: string };

/** 127.0.0.0/8 and ::1, also written IPv4-mapped (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A Host header (with or without port) that names this machine's loopback interface: localhost, 127.x.x.x, [::1]. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  const name = value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : value.replace(/:\d+$/, "");
  return name === "localhost" || isLoopbackAddress(name);
}

/** Whether a request may ask for (or use) a local sign-in link. Pure. */
export function localSignInGate(input: { methods: { github: boolean; email: boolean }; clientAddress: string | null; host: string | null }): LocalSignInGate {
  if (input.methods.github || input.methods.email) return { ok: false, reason: "a real sign-in method (e-mail or GitHub) is configured" };
  if (!isLoopbackAddress(input.clientAddress)) return { ok: false, reason: "only requests from this machine get a local sign-in link" };
  if (!isLoopbackHost(input.host)) return { ok: false, reason: "the local sign-in link works only at a loopback address such as http://127.0.0.1:3000" };
  return { ok: true };
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time link for `email` at `origin` (a loopback origin the gate accepted); expired links are cleared. */
export async function issueLocalSignInLink(
  db: Db,
  input: { email: string; origin: string; callbackPath: string },
  now = new Date(),
): Promise<{ url: string; expires: Date }> {
  await db.verificationToken.deleteMany({ where: { identifier: { startsWith: IDENTIFIER_PREFIX }, expires: { lt: now } } });
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + LOCAL_LINK_TTL_MS);
  await db.verificationToken.create({ data: { identifier: `${IDENTIFIER_PREFIX}${input.email}`, token: hashOf(token), expires } });
  const url = new URL(LOCAL_SIGN_IN_PATH, input.origin);
  url.searchParams.set("token", token);
  if (input.callbackPath !== "/submit") url.searchParams.set("callbackUrl", input.callbackPath);
  return { url: url.toString(), expires };
}

/**
 * Uses a link's token: the user of its address (created on first use) gets a new database session, whose token
 * the caller sets as the session cookie. Null for an unknown, used or expired token.
 */
export async function redeemLocalSignInToken(db: Db, token: string, now = new Date()): Promise<{ userId: string; sessionToken: string; expires: Date } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = hashOf(token);
  const row = await db.verificationToken.findUnique({ where: { token: hash } });
  if (!row || !row.identifier.startsWith(IDENTIFIER_PREFIX)) return null;
  // one use: of two requests racing with the same link, only the one that deletes the row signs in
  const deleted = await db.verificationToken.deleteMany({ where: { token: hash } });
  if (deleted.count !== 1 || row.expires.getTime() <= now.getTime()) return null;
  const email = row.identifier.slice(IDENTIFIER_PREFIX.length);
  const user = await db.user.upsert({ where: { email }, create: { email, emailVerified: now }, update: {}, select: { id: true } });
  const sessionToken = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.session.create({ data: { sessionToken, userId: user.id, expires } });
  return { userId: user.id, sessionToken, expires };
}
