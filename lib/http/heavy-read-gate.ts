import pLimit from "p-limit";
import { env } from "@/lib/env";
import { ApiError } from "./api-error";

/**
 * A bulkhead for the heavy public reads (reproducibility packs, item searches): per web process, at most
 * HEAVY_PACKS_AT_ONCE packs and HEAVY_SEARCHES_AT_ONCE searches of each kind run at a time, the others wait in line. Why: 16 pack downloads at once kept the
 * event loop so busy that a cached board API call beside them took 2.6x its time alone, and 16 searches 6x
 * (scripts/bench/heavy-reads.ts); the per-address budgets (rate-limit.ts kinds "pack" and "search") bound what one
 * client may take, this bounds what all of them together take from the rest of the site.
 *
 * An answer with a body keeps its place until the body is sent (reading it is where a pack's CPU goes), or for
 * SEND_DEADLINE_MS at most, so a client that reads slowly cannot hold a place. A line of packs is bounded
 * (HEAVY_READS_WAITING; beyond it the answer is 503 with Retry-After); searches only wait: they also run inside
 * submission pages, where a refusal would be an error page, and the proxy charges each to its address's budget.
 */
export type HeavyReadKind = "pack" | "search" | "search-request";

const SEND_DEADLINE_MS = 2_000;
/** Seconds a client told to come back waits: long enough for the line to drain, short enough to feel live. */
const RETRY_AFTER_SECONDS = 2;

type Gate = { limit: ReturnType<typeof pLimit>; atOnce: number };
const gates = new Map<HeavyReadKind, Gate>();

function gateOf(kind: HeavyReadKind): Gate {
  let gate = gates.get(kind);
  if (!gate) {
    const atOnce = kind === "pack" ? env().HEAVY_PACKS_AT_ONCE : env().HEAVY_SEARCHES_AT_ONCE;
    gate = { limit: pLimit(atOnce), atOnce };
    gates.set(kind, gate);
  }
  return gate;
}

/**
 * Reads waiting for a place. p-limit counts a read as pending until a microtask after a place frees, so reads about
 * to start are taken off: they are not waiting.
 */
function waitingIn({ limit, atOnce }: Gate): number {
  return Math.max(0, limit.pendingCount - Math.max(0, atOnce - limit.activeCount));
}

/** A place in the gate's line: resolves once the read may run, with the function that frees the place (once). */
function place({ limit }: Gate): Promise<() => void> {
  return new Promise((granted) => {
    void limit(
      () =>
        new Promise<void>((free) => {
          let freed = false;
          granted(() => {
            if (freed) return;
            freed = true;
            free();
          });
        }),
    );
  });
}

/** The same answer, its body passed through so that `release` runs when it is sent, cancelled, or at the deadline. */
function releasedWhenSent(answer: Response, release: () => void): Response {
  if (!answer.body) {
    release();
    return answer;
  }
  const deadline = setTimeout(release, SEND_DEADLINE_MS);
  const done = () => {
    clearTimeout(deadline);
    release();
  };
  const reader = answer.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read().catch((error: unknown) => {
        done();
        throw error;
      });
      if (chunk.done) {
        controller.close();
        done();
      } else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/** Runs `read` when a place of its kind is free; a pack throws 503 ("busy") when its line is already full. */
export async function throughHeavyReadGate<T>(kind: HeavyReadKind, read: () => Promise<T>): Promise<T> {
  const gate = gateOf(kind);
  if (kind === "pack" && waitingIn(gate) >= env().HEAVY_READS_WAITING) {
    throw new ApiError(
      "busy",
      `The server is answering many reproducibility pack downloads at the moment. Try again in ${RETRY_AFTER_SECONDS} s.`,
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
      { "retry-after": String(RETRY_AFTER_SECONDS), "cache-control": "no-store" },
    );
  }
  const release = await place(gate);
  let result: T;
  try {
    result = await read();
  } catch (error) {
    release();
    throw error;
  }
  if (result instanceof Response) return releasedWhenSent(result, release) as T;
  release();
  return result;
}

/** The gate's state (tests): how many reads of a kind hold a place and wait for one now. */
export function heavyReadGateState(kind: HeavyReadKind): { running: number; waiting: number } {
  const gate = gateOf(kind);
  return { running: Math.min(gate.atOnce, gate.limit.activeCount + gate.limit.pendingCount), waiting: waitingIn(gate) };
}
