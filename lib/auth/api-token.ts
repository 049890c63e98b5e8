import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { nameProblem } from "@/lib/security/safe-text";

/**
 * API tokens for scripts and the CLI: `Authorization: Bearer abk_<43 base64url chars>`.
 *
 * Contract: the plaintext is returned once, by createApiToken, and never stored. The database keeps its
 * sha256 (hex; a lookup by hash needs no constant-time comparison: an attacker who can time it learns
 * bits of a hash, not of the token) and a short prefix so a user can recognise a token in a list. A revoked
 * token authenticates nobody. Tokens carry scopes: "submit" (upload) and "read" (private reads); routes check
 * the one they need. A token never grants a role: the role is the user's.
 */

export const API_TOKEN_SCOPES = ["submit", "read"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

const TOKEN_PREFIX = "abk_";
/** 32 random bytes in base64url without padding are 43 characters */
const TOKEN_PATTERN = /^abk_[A-Za-z0-9_-]{43}$/;
/** what the account page shows: "abk_" and the first 8 random characters */
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
/**
 * lastUsedAt is written at most this often per token: `submit --wait` polls every second, and one UPDATE per
 * poll would turn reads into writes for no information anyone needs.
 */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiTokenUser = {
  id: string;
  email: string | null;
  role: "user" | "admin";
  tokenId: string;
  scopes: ApiTokenScope[];
};

export function generateApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function isWellFormedApiToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * The token of an `Authorization` header value ("Bearer abk_…", scheme case-insensitive), or null when the
 * header is absent or not a well-formed bearer token.
 */
export function bearerTokenOf(authorizationHeader: string | null | undefined): string | null {
  if (!authorizationHeader) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorizationHeader);
  const token = match?.[1];
  return token && isWellFormedApiToken(token) ? token : null;
}

function normaliseScopes(scopes: readonly string[]): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope));
}

/** Creates a token for a user. The returned `token` is the only copy of the plaintext: show it once. */
export async function createApiToken(
  db: Pick<Db, "apiToken">,
  userId: string,
  options: { name: string; scopes: readonly ApiTokenScope[] },
): Promise<{ id: string; token: string; prefix: string; scopes: ApiTokenScope[] }> {
  const name = options.name.trim();
  if (!name) throw new Error("a token needs a name");
  // the web form checks first (with its own messages); the CLI stored "a\u202eb" and "\u200b" unchecked
  const problem = nameProblem(name);
  if (problem) throw new Error(`the token name ${problem}`);
  const scopes = normaliseScopes(options.scopes);
  if (scopes.length === 0) throw new Error(`a token needs at least one scope (${API_TOKEN_SCOPES.join(", ")})`);
  const { token, hash, prefix } = generateApiToken();
  const row = await db.apiToken.create({ data: { userId, name, tokenHash: hash, prefix, scopes }, select: { id: true } });
  return { id: row.id, token, prefix, scopes };
}

/**
 * The user an `Authorization: Bearer …` header authenticates, or null (no header, malformed, unknown or
 * revoked token). Records lastUsedAt (to the minute).
 */
export async function userFromBearer(db: Db, authorizationHeader: string | null | undefined): Promise<ApiTokenUser | null> {
  const token = bearerTokenOf(authorizationHeader);
  if (!token) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashApiToken(token) },
    select: { id: true, scopes: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, email: true, role: true } } },
  });
  if (!row || row.revokedAt !== null) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // updateMany: a token revoked or deleted in the meantime is simply not updated
    await db.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: now } });
  }
  return { id: row.user.id, email: row.user.email, role: row.user.role, tokenId: row.id, scopes: normaliseScopes(row.scopes) };
}

/** Revokes a token (kept for the audit trail). Returns false when there was no such live token of this user. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}
