import "server-only";
import { cache } from "react";
import { z } from "zod";
import { auth } from "./auth";

export type SessionUser = { id: string; email: string | null; role: "user" | "admin" };

const SessionShape = z.object({
  user: z.object({ id: z.string().min(1), email: z.string().nullish(), role: z.enum(["user", "admin"]) }),
});

/**
 * The signed-in user of the current request (database session named by the next-auth cookie), or null.
 * Works in server components, server actions and route handlers.
 *
 * The cookie only names a Session row; the user, and with it the role, is read from the database on every
 * call (lib/auth/auth.ts `session` callback), so a demoted user loses admin rights at once and an expired,
 * signed-out or deleted session counts as signed out. Memoised per server render (React cache), so a page
 * and its metadata share one lookup; outside a render (route handlers) every call looks up again.
 */
export const getSessionUser: () => Promise<SessionUser | null> = cache(async () => {
  const session = SessionShape.safeParse(await auth());
  if (!session.success) return null;
  const { id, email, role } = session.data.user;
  return { id, email: email ?? null, role };
});
