/**
 * Whether a thrown value says PostgreSQL cannot be reached (refused, reset, timed out, shutting down), rather than
 * that a query was wrong: the API answers those 503 with Retry-After (lib/http/error-response.ts), as proxy.ts
 * answers pages while the database is away. Read from the error and its causes: Prisma's driver adapter wraps the
 * pg error, which carries the socket's code or PostgreSQL's SQLSTATE.
 */
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  // SQLSTATE: admin shutdown, crash shutdown, cannot connect now (starting or stopping)
  "57P01",
  "57P02",
  "57P03",
  // Prisma: cannot reach the server, timed out, closed the connection, pool timeout
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);
const MESSAGES =
  /ECONNREFUSED|Connection terminated|connection timeout|Can't reach database server|the database system is (?:shutting down|starting up)|DatabaseNotReachable/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause, kind } = current as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
    if (typeof code === "string" && CODES.has(code)) return true;
    if (kind === "DatabaseNotReachable" || kind === "ConnectionClosed") return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
