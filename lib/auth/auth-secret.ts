import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * AUTH_SECRET signs the CSRF cookie and salts the stored hashes of e-mail sign-in tokens. Set it (≥ 32 random
 * characters, e.g. `openssl rand -base64 32`) in any deployment, and the same value on every web server.
 * When it is unset, a random secret is created once per install in .data/auth-secret (mode 0600) and reused,
 * so `npm start` on a fresh clone works and pending sign-in links survive restarts.
 */
// The file is runtime state, not a build input: `turbopackIgnore` on each file-system call keeps Next's file
// tracer from following this cwd-relative path (it warned "Dynamic filesystem access causes tracing of the whole
// project" and traced every file of the clone into the server's bundle).
const AUTH_SECRET_FILE = path.resolve(/*turbopackIgnore: true*/ process.cwd(), ".data", "auth-secret");
let fileSecret: string | undefined;

export function authSecret(): string {
  const fromEnv = env().AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (fileSecret) return fileSecret;
  try {
    const stored = readFileSync(/*turbopackIgnore: true*/ AUTH_SECRET_FILE, "utf8").trim();
    if (stored.length >= 32) {
      fileSecret = stored;
      return stored;
    }
  } catch {
    // not created yet
  }
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(AUTH_SECRET_FILE), { recursive: true });
  const created = randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes race, the first file wins and the loser reads it back.
    writeFileSync(/*turbopackIgnore: true*/ AUTH_SECRET_FILE, `${created}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(/*turbopackIgnore: true*/ AUTH_SECRET_FILE, 0o600);
    fileSecret = created;
  } catch {
    fileSecret = readFileSync(/*turbopackIgnore: true*/ AUTH_SECRET_FILE, "utf8").trim();
  }
  return fileSecret;
}
