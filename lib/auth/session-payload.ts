/**
 * What GET /api/auth/session (and `auth()`) answers for a database session: who is signed in and until when,
 * nothing else. Auth.js hands the session callback the Session row itself, whose `sessionToken` is the value of
 * the HttpOnly session cookie: spreading it into the answer would give any script on a page the session.
 * So the answer is built from an allow-list, never by spreading what the adapter read.
 */

type PublicSession = {
  expires: string;
  user: { id: string; name: string | null; email: string | null; image: string | null; role: "user" | "admin" };
};

type SessionIn = { expires: Date | string };
type UserIn = { id: string; name?: string | null; email?: string | null; image?: string | null; role?: unknown };

export function publicSession(session: SessionIn, user: UserIn): PublicSession {
  const expires = session.expires instanceof Date ? session.expires.toISOString() : String(session.expires);
  return {
    expires,
    user: {
      id: user.id,
      name: user.name ?? null,
      email: user.email ?? null,
      image: user.image ?? null,
      // the role is the database's (the adapter read the User row with the session), never the cookie's
      role: user.role === "admin" ? "admin" : "user",
    },
  };
}
