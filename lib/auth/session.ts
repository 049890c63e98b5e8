import "server-only";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { auth } from "./auth";

export type SessionUser = { id: string; email: string | null; role: "user" | "admin" };

const SessionShape = z.object({ user: z.object({ id: z.string().min(1) }) });

/**
 * The signed-in user of the current request (next-auth session cookie), or null. Works in server components,
 * server actions and route handlers.
 *
 * The cookie names the user; the database has the last word: the role is read from the User row on every
 * call (never from the cookie or the request), and a user deleted since sign-in counts as signed out.
 * Memoised per server render (React cache), so a page and its metadata share one lookup; outside a render
 * (route handlers) every call looks up again.
 */
export const getSessionUser: () => Promise<SessionUser | null> = cache(async () => {
  const session = SessionShape.safeParse(await auth());
  if (!session.success) return null;
  const user = await db().user.findUnique({
    where: { id: session.data.user.id },
    select: { id: true, email: true, role: true },
  });
  return user ? { id: user.id, email: user.email, role: user.role } : null;
});
