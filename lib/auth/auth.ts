import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * next-auth (Auth.js v5) for the whole site: `auth()` for the current session, `handlers` behind
 * /api/auth/*, `signIn` / `signOut` for server actions.
 *
 * Sessions are JWTs in an encrypted, http-only cookie (the Credentials provider requires the JWT strategy).
 * The token carries the user's id and role as they were at sign-in; lib/auth/session.ts re-reads the role
 * from the database on every request, so a demoted or deleted user loses their rights at once.
 *
 * ── DEVELOPMENT SIGN-IN ─────────────────────────────────────────────────────────────────────────────
 * "Development sign-in" signs anyone in as any e-mail address, with no password and no proof of
 * ownership. It exists only when ALPSBENCH_DEV_SIGNIN=1 is set in the environment of the running server
 * (read when the server process starts serving, never baked into the build). It is off by default,
 * including under `next dev`.
 * A REAL, PUBLIC DEPLOYMENT MUST NEVER SET ALPSBENCH_DEV_SIGNIN: with it, anybody can sign in as anybody,
 * including as an admin whose e-mail they know. It is meant for local use and the end-to-end tests.
 * (A later step adds GitHub OAuth and e-mail magic links with the Prisma adapter.)
 * ────────────────────────────────────────────────────────────────────────────────────────────────────
 *
 * AUTH_SECRET encrypts the session cookies. Set it (≥ 32 random characters, e.g. `openssl rand -base64 32`)
 * in any deployment, and the same value on every web server. When it is unset, a random secret is
 * created once per install in .data/auth-secret (mode 0600) and reused, so `npm start` on a fresh clone
 * works and sessions survive restarts; deleting that file signs everybody out.
 */

export const DEV_SIGNIN_PROVIDER_ID = "dev-signin";

/** Whether the development sign-in is switched on for this server process (see the warning above). */
export function devSignInEnabled(): boolean {
  return env().ALPSBENCH_DEV_SIGNIN === "1";
}

const AUTH_SECRET_FILE = path.resolve(process.cwd(), ".data", "auth-secret");
let fileSecret: string | undefined;

function authSecret(): string {
  const fromEnv = env().AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (fileSecret) return fileSecret;
  try {
    const stored = readFileSync(AUTH_SECRET_FILE, "utf8").trim();
    if (stored.length >= 32) {
      fileSecret = stored;
      return stored;
    }
  } catch {
    // not created yet
  }
  mkdirSync(path.dirname(AUTH_SECRET_FILE), { recursive: true });
  const created = randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes race, the first file wins and the loser reads it back.
    writeFileSync(AUTH_SECRET_FILE, `${created}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(AUTH_SECRET_FILE, 0o600);
    fileSecret = created;
  } catch {
    fileSecret = readFileSync(AUTH_SECRET_FILE, "utf8").trim();
  }
  return fileSecret;
}

export const DevSignInInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter a valid e-mail address." }))
    .pipe(z.string().max(254)),
});

/** The role as the database has it; never taken from a request. */
const RoleSchema = z.enum(["user", "admin"]);

function buildConfig(): NextAuthConfig {
  const providers: NextAuthConfig["providers"] = [];
  if (devSignInEnabled()) {
    providers.push(
      Credentials({
        id: DEV_SIGNIN_PROVIDER_ID,
        name: "Development sign-in",
        credentials: { email: { label: "E-mail", type: "email" } },
        async authorize(credentials) {
          if (!devSignInEnabled()) return null;
          const parsed = DevSignInInput.safeParse(credentials);
          if (!parsed.success) return null;
          const user = await db().user.upsert({
            where: { email: parsed.data.email },
            create: { email: parsed.data.email },
            update: {},
            select: { id: true, email: true, role: true },
          });
          return { id: user.id, email: user.email, role: user.role };
        },
      }),
    );
  }
  return {
    trustHost: true,
    secret: authSecret(),
    session: { strategy: "jwt" },
    pages: { signIn: "/signin", error: "/signin" },
    providers,
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          // Only at sign-in: `user` is what authorize() returned from the database.
          const role = RoleSchema.safeParse((user as { role?: unknown }).role);
          token.sub = user.id ?? token.sub;
          token.role = role.success ? role.data : "user";
        }
        return token;
      },
      session({ session, token }) {
        const role = RoleSchema.safeParse(token.role);
        return {
          ...session,
          user: { ...session.user, id: token.sub ?? "", role: role.success ? role.data : "user" },
        };
      },
    },
  };
}

let config: NextAuthConfig | undefined;

// Lazy: the configuration (and the secret file) is read on the first request, not while `next build`
// evaluates modules. The dev sign-in flag is fixed for the life of the process from then on.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  config ??= buildConfig();
  return config;
});
