import { z } from "zod";
import { SITE } from "./platform/site";

/**
 * The only reader of process.env. Parsed once; a bad value fails at start-up with the variable's name.
 * Everything optional has a default that works on a fresh clone.
 */
const mib = (n: number) => n * 1024 * 1024;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** unset: `npm start` runs an embedded PostgreSQL in ALPSBENCH_PG_DIR */
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** the interface the web server listens on: loopback unless set (`0.0.0.0` or `::` for every interface) */
  HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * how many reverse proxies in front of the web server append to X-Forwarded-For; the client address is the
   * entry that many hops left of the socket's address. 0: the header is ignored (a client can write anything in it). The origin check (lib/security/same-origin.ts) honours X-Forwarded-Host/-Proto only when it is above 0
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  ALPSBENCH_PG_DIR: z.string().default(".data/postgres"),
  /** real AlpsBench data (packets layout or release layout); imported at start-up when set */
  ALPSBENCH_DATA_DIR: z.string().optional(),
  /**
   * other benchmarks' data folders (e.g. PersonalLLM's reported figures or its parquet files), ":" or ","
   * separated; each imported at start-up by the module that recognises it (lib/benchmarks/import-benchmark-dirs.ts)
   */
  BENCHMARK_DATA_DIRS: z.string().optional(),
  /** the public URL of this site, used in links inside exports */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** LLM judge (OpenAI-compatible). Without a base URL and model, judge metrics show "not judged". */
  JUDGE_BASE_URL: z.string().url().optional(),
  JUDGE_MODEL: z.string().optional(),
  JUDGE_API_KEY: z.string().optional(),
  JUDGE_PROVIDER: z.string().default("openai-compatible"),
  JUDGE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  JUDGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Reward-model service (docs/running.md, "Reward-model service"). Without a URL, uploads that carry response texts but
   * no reward scores show "not scored". The revision pins the models (one for all, or REWARD_SERVICE_REVISIONS as
   * a JSON object alias -> revision); max length and batch size are part of the reward profile.
   */
  REWARD_SERVICE_URL: z.string().url().optional(),
  REWARD_SERVICE_API_KEY: z.string().optional(),
  REWARD_SERVICE_REVISION: z.string().min(1).optional(),
  REWARD_SERVICE_REVISIONS: z.string().optional(),
  REWARD_SERVICE_MAX_LENGTH: z.coerce.number().int().min(1).default(8192),
  REWARD_SERVICE_BATCH_SIZE: z.coerce.number().int().min(1).max(1024).default(16),
  REWARD_SERVICE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  REWARD_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** uploads: raw size limit, and the most a gzip upload may expand to (gzip bombs) */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(mib(200)),
  UPLOAD_MAX_DECOMPRESSED_BYTES: z.coerce.number().int().min(1024).default(mib(1024)),
  /** per-user submission limits, counted over the last 24 hours; failures that were ours do not count */
  SUBMISSIONS_PER_DAY: z.coerce.number().int().min(0).default(20),
  SUBMISSIONS_PER_TRACK_PER_DAY: z.coerce.number().int().min(0).default(5),
  /**
   * uploads with test-split rows per user and benchmark data version, over the last 24 hours and 30 days (GLUE's
   * rule: exact test figures, probing bounded by how many answers one account gets); a run counts once
   */
  TEST_SUBMISSIONS_PER_DAY: z.coerce.number().int().min(0).default(2),
  TEST_SUBMISSIONS_PER_MONTH: z.coerce.number().int().min(0).default(6),
  /**
   * "on": an upload's test-split figures are published with Laplace noise and rounded
   * (lib/benchmarks/alpsbench/read/test-split-privacy.ts) instead of exactly; off by default (docs/security.md, "Test-split figures")
   */
  TEST_FIGURE_NOISE: z.enum(["off", "on"]).default("off"),
  /**
   * the worker: instances per job chunk, and how long a chunk may run before pg-boss hands it to another worker.
   * A dead worker's chunk is retried within expiry + 2 × maintenance (5 s) + 3 s of its start: under a minute at 45.
   */
  WORKER_CHUNK_SIZE: z.coerce.number().int().min(1).default(500),
  WORKER_CHUNK_EXPIRE_SECONDS: z.coerce.number().int().min(5).default(45),
  /** tests only: the worker pauses this long before each chunk commits, so a test can kill it mid-chunk */
  ALPSBENCH_WORKER_TEST_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /**
   * request rate limits per client address (lib/security/rate-limit.ts): API requests per minute, and sign-in
   * POSTs (/api/auth/*, the sign-in page's actions) per 10 minutes. Over the limit: 429 with Retry-After.
   */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_SIGNIN_PER_10_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * the work refused uploads may cost one uploader per hour, in MiB read and decompressed (lib/security/upload-work.ts):
   * a refusal is charged 1 + its MiB, so fixing a file costs little while repeating a refused bomb is throttled (429)
   */
  RATE_LIMIT_REFUSED_UPLOAD_MB_PER_HOUR: z.coerce.number().int().min(1).default(2048),
  /** sign-in e-mails sent to one address per hour, whoever asks for them */
  RATE_LIMIT_SIGNIN_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** reproducibility packs downloaded per client address per minute, in MiB (each pack costs 1 + its whole MiB); 304s are free */
  RATE_LIMIT_PACK_MB_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** item searches (a non-empty `q` on a submission's page or its /instances route) per client address per minute */
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * renders of cacheable pages past the page cache per client address per minute: client navigations and prefetches
   * (RSC payloads) and misses of a new query string (lib/page-cache). Over it, a navigation falls back to the cached HTML.
   */
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * heavy public reads one web process answers at once: pack downloads, item searches, and (each kind apart) Every
   * Eval Ever exports and inputs downloads (HEAVY_DOWNLOADS_AT_ONCE); the others wait in line, a download until its
   * bytes are sent (lib/http/heavy-read-gate.ts). Beyond HEAVY_READS_WAITING waiting downloads of a kind the answer is
   * 503 with Retry-After
   */
  HEAVY_PACKS_AT_ONCE: z.coerce.number().int().min(1).default(1),
  HEAVY_SEARCHES_AT_ONCE: z.coerce.number().int().min(1).default(1),
  HEAVY_DOWNLOADS_AT_ONCE: z.coerce.number().int().min(1).default(1),
  HEAVY_READS_WAITING: z.coerce.number().int().min(0).default(64),
  /**
   * bytes per second that all stored-file downloads of one web process (exports, inputs) share: sending at loopback
   * speed kept the event loop busy enough to triple the board API's p99 beside 16 downloads (scripts/bench/heavy-reads.ts);
   * the default, 100 MiB/s, is about what a 1 Gbit/s link carries; a reverse proxy or CDN in front serves repeat
   * downloads without reaching it
   */
  DOWNLOAD_BYTES_PER_SECOND: z.coerce.number().int().min(1024).default(mib(64)),
  /**
   * sign-in e-mails for addresses that have no account yet, per client address per 24 hours (lib/auth/sign-in-guard.ts):
   * what bounds how many accounts one client opens (each would have limits of its own, unless it shares a mailbox)
   */
  RATE_LIMIT_NEW_ACCOUNTS_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** next-auth: encrypts the CSRF and verification cookies; set it in any deployment (see lib/auth/auth.ts) */
  AUTH_SECRET: z.string().min(16).optional(),
  /** the site's public URL for sign-in redirects and links (https://leaderboard.example); unset: taken from the Host header */
  AUTH_URL: z.string().url().optional(),
  /** GitHub OAuth app: sign-in with GitHub is offered when both are set */
  AUTH_GITHUB_ID: z.string().min(1).optional(),
  AUTH_GITHUB_SECRET: z.string().min(1).optional(),
  /** e-mail magic links: the SMTP server (smtp://user:pass@host:587 or smtps://…); sign-in by e-mail is offered when set */
  EMAIL_SERVER: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587" })
    .optional(),
  /** the From address of sign-in e-mails: the site's name (lib/platform/site.ts) unless set */
  EMAIL_FROM: z.string().min(3).default(`${SITE.name} <no-reply@localhost>`),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * True only in a development build (`next dev`, `npm run dev`). Deliberately the literal
 * `process.env.NODE_ENV`, not env(): Next replaces it with a constant when it compiles, so in a production
 * build everything behind `if (DEVELOPMENT_BUILD)` is dead code and is removed, whatever the environment of
 * the running server says. The development sign-in relies on this.
 */
export const DEVELOPMENT_BUILD: boolean = process.env.NODE_ENV === "development";
