import type { Db } from "@/lib/db/create-client";
import { API_TOKEN_SCOPES } from "@/lib/auth/api-token";

export type AccountApiToken = Awaited<ReturnType<typeof listAccountApiTokens>>[number];

/** A user's API tokens for the account page, live ones first, newest first. Never the hash. */
export async function listAccountApiTokens(db: Db, userId: string) {
  const rows = await db.apiToken.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows
    .map((row) => ({ ...row, scopes: API_TOKEN_SCOPES.filter((scope) => row.scopes.includes(scope)) }))
    .sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null));
}
