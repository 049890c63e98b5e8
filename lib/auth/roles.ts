import type { Db } from "@/lib/db/create-client";
import { OPERATOR_TRANSACTION } from "@/lib/db/operator-transaction";

/**
 * Roles: a visitor (not signed in) reads; a user also submits and manages their own submissions and tokens;
 * an admin also moderates. Only the role stored on the User row counts, and only the `alpsbench role` CLI
 * (run by whoever holds the database) changes it: no web request can.
 */
export const ROLES = ["user", "admin"] as const;
type Role = (typeof ROLES)[number];

type RoleChange = { userId: string; email: string; before: Role | null; after: Role; created: boolean };

/**
 * Sets a user's role, found by e-mail. An unknown address is an error unless `create` is set: a user made
 * here before they ever signed in cannot later sign in with GitHub under that address (Auth.js will not link
 * an OAuth account to an existing user), only by e-mail link. Each change is written to the audit log.
 */
export async function setRole(db: Db, email: string, role: Role, options: { create?: boolean } = {}): Promise<RoleChange> {
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true, role: true } });
    if (!existing && !options.create) {
      throw new Error(`no user has the e-mail address ${email}; they must sign in once first (or pass --create)`);
    }
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: { role }, select: { id: true } })
      : await tx.user.create({ data: { email, role }, select: { id: true } });
    if (existing?.role !== role) {
      await tx.auditLog.create({
        data: { actorId: null, action: `role.set.${role}`, targetType: "user", targetId: user.id, reason: `CLI: ${existing?.role ?? "new user"} -> ${role}` },
      });
    }
    return { userId: user.id, email, before: existing?.role ?? null, after: role, created: !existing };
  }, OPERATOR_TRANSACTION);
}

type UserWithRole = { id: string; email: string | null; role: Role; createdAt: Date };

/** Admins, or every user with `all`, oldest first. */
export async function listUsersByRole(db: Db, options: { all?: boolean } = {}): Promise<UserWithRole[]> {
  return db.user.findMany({
    where: options.all ? {} : { role: "admin" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, email: true, role: true, createdAt: true },
  });
}
