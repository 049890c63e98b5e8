import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { type NextAuthConfig } from "next-auth";
import GitHub from "next-auth/providers/github";
import Nodemailer from "next-auth/providers/nodemailer";
import { db } from "@/lib/db/client";
import { DEVELOPMENT_BUILD, env } from "@/lib/env";
import { authSecret } from "./auth-secret";
import { publicSession } from "./session-payload";
import { SESSION_MAX_AGE_SECONDS } from "./session-cookie";

/**
 * next-auth (Auth.js v5) for the whole site: `auth()` for the current session, `handlers` behind
 * /api/auth/*, `signIn` / `signOut` for server actions.
 *
 * Sessions live in PostgreSQL (Prisma adapter, `Session` table); the cookie holds only a random session
 * token. Signing out, or deleting the row, ends a session at once, and the role is read from the User row
 * on every request (the `session` callback below gets the row from the adapter), never from the cookie.
 *
 * Sign-in methods, each offered only when configured (see lib/env.ts and docs/running.md):
 * - GitHub OAuth: AUTH_GITHUB_ID + AUTH_GITHUB_SECRET (network needed only while signing in).
 * - E-mail magic links: EMAIL_SERVER (SMTP URL) + EMAIL_FROM. The link's token is stored hashed
 *   (VerificationToken), is single-use and expires after 24 hours.
 * - The development sign-in (any e-mail, no proof) exists only in development builds: see
 *   lib/auth/dev-sign-in.ts. It is not an Auth.js provider.
 *
 * A person who signs in with GitHub and by e-mail under the same address gets two users unless the
 * accounts are linked: Auth.js refuses to link an OAuth account to an existing e-mail user
 * (OAuthAccountNotLinked), because GitHub e-mails are not proof of ownership of that address here.
 */

type SignInMethods = { github: boolean; email: boolean };

let warnedAboutAuthUrl = false;

/**
 * Which sign-in methods this server offers (read when asked, so the sign-in page shows the truth).
 *
 * E-mail needs AUTH_URL outside development builds: without it the link in the e-mail takes its host from the
 * request's Host header, so anybody could have a victim's sign-in link sent pointing at a site of theirs.
 * Refusing is safer than warning.
 */
export function signInMethods(): SignInMethods {
  const e = env();
  const emailAllowed = Boolean(e.AUTH_URL) || DEVELOPMENT_BUILD;
  if (e.EMAIL_SERVER && !emailAllowed && !warnedAboutAuthUrl) {
    warnedAboutAuthUrl = true;
    console.warn("EMAIL_SERVER is set but AUTH_URL is not: e-mail sign-in is off until AUTH_URL names this site's public URL.");
  }
  return { github: Boolean(e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET), email: Boolean(e.EMAIL_SERVER) && emailAllowed };
}

function buildConfig(): NextAuthConfig {
  const e = env();
  const methods = signInMethods();
  const providers: NextAuthConfig["providers"] = [];
  if (methods.github) providers.push(GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET }));
  if (methods.email) providers.push(Nodemailer({ server: e.EMAIL_SERVER, from: e.EMAIL_FROM }));
  return {
    trustHost: true,
    secret: authSecret(),
    adapter: PrismaAdapter(db()),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/signin", error: "/signin/error", verifyRequest: "/signin/check-email" },
    providers,
    callbacks: {
      session({ session, user }) {
        // `user` is the User row the adapter just read with the session: id and role are the database's.
        // `session` is the Session row, whose sessionToken is the HttpOnly cookie's value: never spread it into
        // the answer (GET /api/auth/session is readable by any script on the page). Allow-list in session-payload.ts.
        return publicSession(session, user) as unknown as typeof session;
      },
    },
  };
}

let config: NextAuthConfig | undefined;

// Lazy: the configuration (secret file, database pool) is set up on the first request, not while
// `next build` evaluates modules.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  config ??= buildConfig();
  return config;
});
