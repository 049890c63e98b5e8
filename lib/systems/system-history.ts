import type { Db } from "@/lib/db/create-client";
import { SYSTEM_AUDIT } from "./change-system";

export type SystemHistoryEntry = { at: string; what: "renamed" | "kind changed"; change: string };

/**
 * What the owner changed of a system (lib/systems/change-system.ts), oldest first, for its page: when, and from
 * what to what. Who did it is not shown: only the owner can, and the page names no owner.
 */
export async function systemHistory(db: Pick<Db, "auditLog">, systemId: string): Promise<SystemHistoryEntry[]> {
  const rows = await db.auditLog.findMany({
    where: { targetType: "system", targetId: systemId, action: { in: [SYSTEM_AUDIT.rename, SYSTEM_AUDIT.kind] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { action: true, reason: true, createdAt: true },
    take: 200,
  });
  return rows.map((r) => ({ at: r.createdAt.toISOString(), what: r.action === SYSTEM_AUDIT.rename ? "renamed" : "kind changed", change: r.reason ?? "" }));
}
