/**
 * A small concurrency limiter (semaphore) with optional start pacing. Judge throughput is bounded by the
 * provider's limits: `concurrency` caps calls in flight, `minIntervalMs` (60000 / requests-per-minute)
 * spaces call starts. FIFO: calls start in the order they asked.
 */
export type Limiter = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** calls running now */
  readonly active: number;
  /** calls waiting for a slot */
  readonly waiting: number;
  /** the most calls ever running at once (for tests and benchmarks) */
  readonly peak: number;
};

export function createLimiter(concurrency: number, options: { minIntervalMs?: number } = {}): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const minIntervalMs = options.minIntervalMs ?? 0;
  const queue: (() => void)[] = [];
  let active = 0;
  let peak = 0;
  let nextStartAt = 0;

  const acquire = (): Promise<void> => {
    if (active < concurrency) {
      active += 1;
      peak = Math.max(peak, active);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => queue.push(resolve));
  };
  const release = (): void => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else active -= 1;
  };
  const pace = async (): Promise<void> => {
    if (minIntervalMs <= 0) return;
    const now = Date.now();
    const startAt = Math.max(now, nextStartAt);
    nextStartAt = startAt + minIntervalMs;
    if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now));
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        await pace();
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get peak() {
      return peak;
    },
  };
}
