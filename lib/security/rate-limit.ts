import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";

/**
 * Request rate limits: a bucket of points per client address that refills every window (rate-limiter-flexible,
 * in memory). Two kinds: `api` (every /api/v1 request) and `signin` (sign-in POSTs: e-mail links, callbacks,
 * the sign-in page's actions). Uploads also meet the per-user daily limits of lib/submissions/limits.ts.
 *
 * In memory, not in PostgreSQL: a database round trip on every API request costs more than it protects on a
 * site served by one web process (`npm start`). With several web processes each enforces the limit on its own
 * share of the traffic, so the effective limit is multiplied by their number; swap in RateLimiterPostgres then.
 * The limiters live on globalThis because the proxy and the route handlers are separate bundles in one
 * process: they must count into the same buckets.
 */

/** `email`: magic links sent to one address, whoever asks (no inbox is flooded from many addresses). */
export type RateLimitKind = "api" | "signin" | "email";

type Limiters = Map<RateLimitKind, RateLimiterMemory>;
const KEY = Symbol.for("alpsbench.rate-limiters");

function limiter(kind: RateLimitKind): RateLimiterMemory {
  const store = globalThis as unknown as Record<symbol, Limiters | undefined>;
  const limiters = (store[KEY] ??= new Map());
  let found = limiters.get(kind);
  if (!found) {
    const config = env();
    found =
      kind === "api"
        ? new RateLimiterMemory({ keyPrefix: "api", points: config.RATE_LIMIT_API_PER_MINUTE, duration: 60 })
        : kind === "signin"
          ? new RateLimiterMemory({ keyPrefix: "signin", points: config.RATE_LIMIT_SIGNIN_PER_10_MINUTES, duration: 600 })
          : new RateLimiterMemory({ keyPrefix: "email", points: config.RATE_LIMIT_SIGNIN_EMAILS_PER_HOUR, duration: 3600 });
    limiters.set(kind, found);
  }
  return found;
}

/** Which limit a request counts against, if any. */
export function rateLimitKindOf(method: string, pathname: string): RateLimitKind | null {
  if (method === "POST" && (pathname.startsWith("/api/auth/") || pathname === "/signin")) return "signin";
  if (pathname === "/api/v1" || pathname.startsWith("/api/v1/")) return "api";
  return null;
}

/**
 * The client's address: the last X-Forwarded-For entry, which is the one the nearest proxy added (Next's own
 * server sets the header from the socket when a client sends none). Behind a reverse proxy, that proxy must
 * set or append X-Forwarded-For; without one, a client can choose its own key by sending the header.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? headers.get("x-real-ip") ?? "unknown";
}

export type RateLimitDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number; limit: number };

export async function takeRateLimitPoint(kind: RateLimitKind, key: string): Promise<RateLimitDecision> {
  const bucket = limiter(kind);
  try {
    const result = await bucket.consume(key, 1);
    return { ok: true, remaining: result.remainingPoints };
  } catch (rejection) {
    // Not `instanceof RateLimiterRes`: the bucket may have been made by the other bundle's copy of the class.
    if (rejection instanceof RateLimiterRes || (typeof rejection === "object" && rejection !== null && "msBeforeNext" in rejection)) {
      const msBeforeNext = Number((rejection as { msBeforeNext: unknown }).msBeforeNext);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)), limit: bucket.points };
    }
    throw rejection;
  }
}

const WINDOW: Record<RateLimitKind, string> = { api: "minute", signin: "10 minutes", email: "hour" };
const WHAT: Record<RateLimitKind, string> = { api: "API requests", signin: "sign-in attempts", email: "sign-in e-mails" };

/** The 429 answer: the /api/v1 error shape, with Retry-After. */
export function tooManyRequests(kind: RateLimitKind, decision: Extract<RateLimitDecision, { ok: false }>): Response {
  const message = `Too many ${WHAT[kind]} ${kind === "email" ? "to this e-mail address" : "from your address"}: at most ${decision.limit} per ${WINDOW[kind]}. Try again in ${decision.retryAfterSeconds} s.`;
  return Response.json(
    { error: { code: "rate_limited", message, retryAfterSeconds: decision.retryAfterSeconds } },
    { status: 429, headers: { "retry-after": String(decision.retryAfterSeconds), "cache-control": "no-store" } },
  );
}
