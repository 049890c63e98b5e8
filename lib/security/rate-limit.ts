import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { bearerTokenOf, hashApiToken } from "@/lib/auth/api-token";
import { env } from "@/lib/env";
import { clientAddressFromChain } from "./client-address";
import { ApiError, apiErrorAnswer } from "@/lib/http/api-error";

/**
 * Request rate limits: a bucket of points per client that refills every window (rate-limiter-flexible). Kinds:
 * `api` (every /api/v1 request), `signin` (sign-in POSTs: e-mail links, callbacks, the sign-in page's
 * actions), `email` (magic links sent to one mailbox, whoever asks, so no inbox is flooded from many
 * addresses), `signup` (links for addresses without an account, per client address: new accounts) and
 * `upload_work` (lib/security/upload-work.ts). Uploads also meet the per-address daily limits of
 * lib/submissions/upload-limits.ts. Two heavy reads have a bucket of their own per client address, beside `api`:
 * `pack` (reproducibility pack downloads, charged in MiB by lib/packs/pack-response.ts) and `search` (item
 * searches, charged here by the proxy: searchKindOf), and `page_render` (renders of cacheable pages past the page
 * cache: client navigations and misses of a new query string, lib/page-cache/anonymous-page-cache.ts).
 *
 * The buckets live in PostgreSQL (table "RateLimit", one atomic INSERT … ON CONFLICT DO UPDATE per request), so
 * every web process of a site counts into the same ones: two processes do not double the limit. If the
 * database cannot be reached, each process falls back to an in-memory bucket of the same size (the insurance
 * limiter): limits still hold, per process, and a request never fails because of its limit's store.
 * The limiters live on globalThis because the proxy and the route handlers are separate bundles in one
 * process: they share one pool and one fallback.
 */
export type RateLimitKind = "api" | "signin" | "email" | "upload_work" | "pack" | "search" | "signup" | "page_render";

type Shared = { pool: pg.Pool | null; limiters: Map<RateLimitKind, RateLimiterPostgres | RateLimiterMemory>; validTokens: Map<string, number> };
const KEY = Symbol.for("alpsbench.rate-limiters");

function shared(): Shared {
  const store = globalThis as unknown as Record<symbol, Shared | undefined>;
  if (!store[KEY]) {
    const url = env().DATABASE_URL;
    // synchronous_commit off: a point does not wait for the WAL flush (p50 1.5 ms instead of 11.7 ms per request
    // here, scripts/bench/rate-limit.ts); a crash may forget the last few points, which is harmless for a limit.
    const pool = url ? new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000, options: "-c synchronous_commit=off" }) : null;
    // an idle connection the server dropped must not become an uncaught error
    pool?.on("error", () => {});
    store[KEY] = { pool, limiters: new Map(), validTokens: new Map() };
  }
  return store[KEY];
}

const WINDOW_SECONDS: Record<RateLimitKind, number> = {
  api: 60,
  signin: 600,
  email: 3600,
  upload_work: 3600,
  pack: 60,
  search: 60,
  signup: 86_400,
  page_render: 60,
};

function pointsOf(kind: RateLimitKind): number {
  const config = env();
  if (kind === "upload_work") return config.RATE_LIMIT_REFUSED_UPLOAD_MB_PER_HOUR;
  if (kind === "pack") return config.RATE_LIMIT_PACK_MB_PER_MINUTE;
  if (kind === "search") return config.RATE_LIMIT_SEARCHES_PER_MINUTE;
  if (kind === "page_render") return config.RATE_LIMIT_PAGE_RENDERS_PER_MINUTE;
  if (kind === "signup") return config.RATE_LIMIT_NEW_ACCOUNTS_PER_DAY;
  return kind === "api" ? config.RATE_LIMIT_API_PER_MINUTE : kind === "signin" ? config.RATE_LIMIT_SIGNIN_PER_10_MINUTES : config.RATE_LIMIT_SIGNIN_EMAILS_PER_HOUR;
}

function limiter(kind: RateLimitKind): RateLimiterPostgres | RateLimiterMemory {
  const state = shared();
  let found = state.limiters.get(kind);
  if (!found) {
    const options = { keyPrefix: kind, points: pointsOf(kind), duration: WINDOW_SECONDS[kind] };
    const memory = new RateLimiterMemory(options);
    found = state.pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: state.pool,
          // explicit: the bundler may rename pg's Pool class, which the library sniffs otherwise
          storeType: "pool",
          // created by the rate_limits migration, with the rest of the schema
          tableName: "RateLimit",
          tableCreated: true,
          insuranceLimiter: memory,
        })
      : memory;
    state.limiters.set(kind, found);
  }
  return found;
}

/** Which limit a request counts against, if any. */
export function rateLimitKindOf(method: string, pathname: string): RateLimitKind | null {
  if (method === "POST" && (pathname.startsWith("/api/auth/") || pathname === "/signin")) return "signin";
  if (pathname === "/api/v1" || pathname.startsWith("/api/v1/")) return "api";
  return null;
}

/** A submission page, or its per-instance JSON, asked for a search: `q` set and not blank. */
const SEARCHABLE = [/^\/submissions\/[^/]+$/, /^\/api\/v1\/submissions\/[^/]+\/instances$/];

/** Whether a request is an item search, which also takes a point from its address's `search` bucket. */
export function isItemSearch(method: string, pathname: string, search: URLSearchParams): boolean {
  return method === "GET" && (search.get("q") ?? "").trim() !== "" && SEARCHABLE.some((re) => re.test(pathname));
}

/**
 * The client's address: X-Forwarded-For as our web server leaves it (the socket's peer address appended,
 * scripts/web.ts), read `TRUSTED_PROXY_HOPS` entries from the right (lib/security/client-address.ts).
 */
export function clientAddress(headers: Headers): string {
  return clientAddressFromChain(headers.get("x-forwarded-for"), env().TRUSTED_PROXY_HOPS) ?? "unknown";
}

/** How long a token found valid is trusted as a bucket key without asking the database again. */
const VALID_TOKEN_TTL_MS = 60_000;

async function isLiveToken(hash: string): Promise<boolean> {
  const state = shared();
  const until = state.validTokens.get(hash);
  if (until !== undefined && until > Date.now()) return true;
  if (!state.pool) return false;
  try {
    const result = await state.pool.query('SELECT 1 FROM "ApiToken" WHERE "tokenHash" = $1 AND "revokedAt" IS NULL', [hash]);
    if (result.rowCount === 0) return false;
  } catch {
    return false;
  }
  if (state.validTokens.size > 10_000) state.validTokens.clear();
  state.validTokens.set(hash, Date.now() + VALID_TOKEN_TTL_MS);
  return true;
}

/**
 * Whose bucket a request takes its point from: an API call with a live bearer token counts against the token
 * (everyone behind one NAT gets their own limit), anything else against the client address. A bearer token the
 * database does not know counts against the address, or a client could mint a fresh bucket per request.
 */
export async function rateLimitKeyOf(headers: Headers): Promise<string> {
  const token = bearerTokenOf(headers.get("authorization"));
  if (token) {
    const hash = hashApiToken(token);
    if (await isLiveToken(hash)) return `token:${hash}`;
  }
  return `addr:${clientAddress(headers)}`;
}

export type RateLimitDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number; limit: number };

export async function takeRateLimitPoint(kind: RateLimitKind, key: string, points = 1): Promise<RateLimitDecision> {
  const bucket = limiter(kind);
  // keys are stored: long or personal ones (e-mail addresses) as a hash
  const stored = storedKey(kind, key);
  try {
    const result = await bucket.consume(stored, points);
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

function storedKey(kind: RateLimitKind, key: string): string {
  return key.length > 100 || kind === "email" ? createHash("sha256").update(key).digest("hex") : key;
}

/** Whether the bucket still has a point, without taking one (a bucket charged after the fact: upload_work). */
export async function peekRateLimit(kind: RateLimitKind, key: string): Promise<RateLimitDecision> {
  const bucket = limiter(kind);
  const state = await bucket.get(storedKey(kind, key));
  if (!state || state.consumedPoints < bucket.points) return { ok: true, remaining: bucket.points - (state?.consumedPoints ?? 0) };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)), limit: bucket.points };
}

const WINDOW: Record<RateLimitKind, string> = {
  api: "minute",
  signin: "10 minutes",
  email: "hour",
  upload_work: "hour",
  pack: "minute",
  search: "minute",
  signup: "24 hours",
  page_render: "minute",
};
const WHAT: Record<RateLimitKind, string> = {
  api: "API requests",
  signin: "sign-in attempts",
  email: "sign-in e-mails",
  upload_work: "MiB read and decompressed for refused uploads",
  pack: "MiB of reproducibility packs",
  search: "item searches",
  page_render: "page renders (client navigations and new query strings)",
  signup: "sign-in e-mails for new accounts",
};

/** The 429 answer: the /api/v1 error shape, with Retry-After. */
export function tooManyRequests(kind: RateLimitKind, decision: Extract<RateLimitDecision, { ok: false }>): Response {
  const whose = kind === "email" ? "to this e-mail address" : kind === "upload_work" ? "by your account" : "from your address";
  const message = `Too many ${WHAT[kind]} ${whose}: at most ${decision.limit} per ${WINDOW[kind]}. Try again in ${decision.retryAfterSeconds} s.`;
  const headers = { "retry-after": String(decision.retryAfterSeconds), "cache-control": "no-store" };
  return apiErrorAnswer(new ApiError("rate_limited", message, { retryAfterSeconds: decision.retryAfterSeconds }, headers));
}
