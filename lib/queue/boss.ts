import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { PGBOSS_SCHEMA, SCORE_DEAD_LETTER_QUEUE, SCORE_QUEUE, SCORE_RETRY_DELAY_SECONDS, SCORE_RETRY_LIMIT } from "./names";
import { queueTiming, type QueueTiming } from "./timing";

/**
 * pg-boss in the application's database. One started PgBoss per process and URL (getBoss); it supervises: its
 * maintenance pass expires jobs whose worker died, which is what makes a SIGKILLed chunk come back.
 */

type BossLog = (line: string) => void;

const started = new Map<string, Promise<PgBoss>>();

function bossOptions(databaseUrl: string, timing: QueueTiming, supervise: boolean): PgBoss.ConstructorOptions {
  return {
    connectionString: databaseUrl,
    schema: PGBOSS_SCHEMA,
    application_name: "alpsbench-queue",
    max: 4,
    migrate: true,
    supervise,
    // no cron: nothing here is scheduled, and the timekeeper would poll for nothing
    schedule: false,
    maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
    // pg-boss checks the key's presence, not its value
    ...(supervise ? { monitorStateIntervalSeconds: 60 } : {}),
  };
}

/** Both queues, idempotently. The per-job options (enqueue.ts) override these defaults. */
async function createQueues(boss: PgBoss, timing: QueueTiming): Promise<void> {
  const common = { retryLimit: SCORE_RETRY_LIMIT, retryDelay: SCORE_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: timing.chunkExpireSeconds };
  // the dead-letter queue must exist first: the scoring queue references it
  await boss.createQueue(SCORE_DEAD_LETTER_QUEUE, { name: SCORE_DEAD_LETTER_QUEUE, ...common });
  await boss.createQueue(SCORE_QUEUE, { name: SCORE_QUEUE, ...common, deadLetter: SCORE_DEAD_LETTER_QUEUE });
}

/** Rate-limits pg-boss's error events: with the database down it reports every poll and maintenance tick. */
function errorReporter(log: BossLog): (error: unknown) => void {
  let last = "";
  let lastAt = 0;
  let suppressed = 0;
  return (error) => {
    const message = error instanceof Error ? error.message : typeof error === "object" && error && "message" in error ? String(error.message) : String(error);
    const now = Date.now();
    if (message === last && now - lastAt < 10_000) {
      suppressed += 1;
      return;
    }
    log(`queue error: ${message}${suppressed ? ` (and ${suppressed} more like the previous one)` : ""}`);
    last = message;
    lastAt = now;
    suppressed = 0;
  };
}

/**
 * Installs pg-boss's schema and the scoring queues, then disconnects. Idempotent; call it at start-up after the
 * migrations (npm start, the worker, the test database) so a web request can queue a job in its own transaction.
 */
export async function installQueue(databaseUrl: string, timing: QueueTiming = queueTiming(env())): Promise<void> {
  const boss = new PgBoss(bossOptions(databaseUrl, timing, false));
  boss.on("error", () => {});
  await boss.start();
  try {
    await createQueues(boss, timing);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * The process's started PgBoss for this database (schema installed, queues created, maintenance running).
 * `log` receives its error events (connection losses while the database restarts): the first caller's is kept.
 * A failed start is forgotten, so the next call tries again.
 */
export function getBoss(databaseUrl: string, options: { log?: BossLog; timing?: QueueTiming } = {}): Promise<PgBoss> {
  const existing = started.get(databaseUrl);
  if (existing) return existing;
  const timing = options.timing ?? queueTiming(env());
  const boss = new PgBoss(bossOptions(databaseUrl, timing, true));
  boss.on("error", errorReporter(options.log ?? ((line) => console.error(line))));
  const starting = (async () => {
    try {
      await boss.start();
      await createQueues(boss, timing);
      return boss;
    } catch (error) {
      started.delete(databaseUrl);
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      throw error;
    }
  })();
  started.set(databaseUrl, starting);
  return starting;
}

/** Stops this process's PgBoss for the URL (or all of them). */
export async function stopBoss(databaseUrl?: string): Promise<void> {
  const urls = databaseUrl ? [databaseUrl] : [...started.keys()];
  for (const url of urls) {
    const starting = started.get(url);
    started.delete(url);
    const boss = await starting?.catch(() => null);
    await boss?.stop({ graceful: false, close: true }).catch(() => {});
  }
}
