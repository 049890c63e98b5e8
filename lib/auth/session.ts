import "server-only";

export type SessionUser = { id: string; email: string | null; role: "user" | "admin" };

/**
 * The signed-in user of the current request (next-auth session cookie), or null.
 * Placeholder until the next-auth setup lands: nobody is signed in.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  return null;
}
