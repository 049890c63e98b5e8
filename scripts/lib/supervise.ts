import type { ChildProcess } from "node:child_process";

/**
 * Keeps one child process running: when it exits (crash, OOM kill, a stray signal) it is started again after a
 * delay that doubles with each quick death (1 s, 2 s, 4 s … at most `maxDelayMs`) and falls back to the first
 * step once a child has stayed up for `stableAfterMs`, so a crash loop neither spins the CPU nor waits
 * unboundedly long. Used by `npm start` for the web server and the worker.
 */
export type Supervised = { current: () => ChildProcess | null; stop: (signal?: NodeJS.Signals) => Promise<void>; restarts: () => number };

type Backoff = { firstDelayMs: number; maxDelayMs: number; stableAfterMs: number };
export const RESTART_BACKOFF: Backoff = { firstDelayMs: 1_000, maxDelayMs: 30_000, stableAfterMs: 60_000 };

/** The delay before the next start, after a child that ran `uptimeMs` and was itself started after `previousDelayMs`. */
export function nextRestartDelay(previousDelayMs: number | null, uptimeMs: number, backoff: Backoff = RESTART_BACKOFF): number {
  if (previousDelayMs === null || uptimeMs >= backoff.stableAfterMs) return backoff.firstDelayMs;
  return Math.min(backoff.maxDelayMs, previousDelayMs * 2);
}

export function supervise(options: { name: string; start: () => ChildProcess; log: (line: string) => void; backoff?: Backoff }): Supervised {
  const backoff = options.backoff ?? RESTART_BACKOFF;
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay: number | null = null;
  let restarts = 0;
  let timer: NodeJS.Timeout | null = null;
  const launch = () => {
    timer = null;
    if (stopping) return;
    const startedAt = Date.now();
    const started = options.start();
    child = started;
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      delay = nextRestartDelay(delay, Date.now() - startedAt, backoff);
      restarts += 1;
      options.log(`${options.name} exited (${code ?? signal}); restarting in ${(delay / 1000).toFixed(0)} s`);
      timer = setTimeout(launch, delay);
    });
  };
  launch();
  return {
    current: () => child,
    restarts: () => restarts,
    stop: async (signal = "SIGTERM") => {
      stopping = true;
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill(signal);
        // a child that ignores the signal does not hold the shutdown forever
        setTimeout(() => {
          running.kill("SIGKILL");
          resolve();
        }, 15_000).unref();
      });
    },
  };
}
