import { vi } from "vitest";

/**
 * Records the back-off sleeps the `openai` client asks for (its internal sleep() is a setTimeout called from
 * openai/internal/utils/sleep) and runs them at once, so a test asserts the computed delay instead of timing the
 * wait. Every other timer (our per-attempt deadline, the fake server's delays) runs as asked.
 */
export function recordRetrySleeps(): { sleeps: number[]; restore: () => void } {
  const sleeps: number[] = [];
  const realSetTimeout = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((handler: () => void, ms?: number, ...args: unknown[]) => {
    if (/openai[\\/]internal[\\/]utils[\\/]sleep/.test(new Error().stack ?? "")) {
      sleeps.push(ms ?? 0);
      return realSetTimeout(handler, 0, ...args);
    }
    return realSetTimeout(handler, ms, ...args);
  }) as typeof setTimeout);
  return { sleeps, restore: () => spy.mockRestore() };
}
