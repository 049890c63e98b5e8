/**
 * A small concurrency limiter (semaphore). Judge throughput is bounded by the provider's limits: `concurrency`
 * caps calls in flight. FIFO: calls start in the order they asked.
 */
export type Limiter = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** the most calls ever running at once (for tests and benchmarks) */
  readonly peak: number;
};

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const queue: (() => void)[] = [];
  let active = 0;
  let peak = 0;

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

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get peak() {
      return peak;
    },
  };
}
