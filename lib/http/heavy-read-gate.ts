import pLimit from "p-limit";
import { env } from "@/lib/env";
import { ApiError } from "./api-error";

/**
 * A bulkhead for the heavy public reads (reproducibility packs, item searches, Every Eval Ever exports, inputs
 * downloads): per web process, at most HEAVY_PACKS_AT_ONCE packs, HEAVY_SEARCHES_AT_ONCE searches of each kind and
 * HEAVY_DOWNLOADS_AT_ONCE exports and inputs downloads of each kind run at a time, the others wait in line. Why: 16 pack downloads at once kept the
 * event loop so busy that a cached board API call beside them took 2.6x its time alone, and 16 searches 6x
 * (scripts/bench/heavy-reads.ts); the per-address budgets (rate-limit.ts kinds "pack" and "search") bound what one
 * client may take, this bounds what all of them together take from the rest of the site.
 *
 * An answer with a body keeps its place until the body is sent (reading it is where a pack's CPU goes), or for
 * SEND_DEADLINE_MS at most, so a client that reads slowly cannot hold a place; a download whose file is not built yet
 * holds its place while it is built (an export's first build is ~15 CPU-s, a d1000 inputs file's ~60), so builds of
 * one kind run one at a time. A line of downloads (packs, exports, inputs) is bounded (HEAVY_READS_WAITING; beyond it
 * the answer is 503 with Retry-After); searches only wait: they also run inside submission pages, where a refusal
 * would be an error page, and the proxy charges each to its address's budget. A submission's per-dimension breakdown
 * (bootstrap intervals, ~0.5 CPU-s for a large upload) is computed once per leaderboard version and kept; its
 * computations wait in their own line (HEAVY_SEARCHES_AT_ONCE at a time), for the same reason as searches.
 */
export type HeavyReadKind = "pack" | "search" | "search-request" | "eee" | "inputs" | "breakdown";

/** What a refused download was, for its 503's message; a kind absent here only waits. */
const BOUNDED: Partial<Record<HeavyReadKind, string>> = {
  pack: "reproducibility pack downloads",
  eee: "Every Eval Ever exports",
  inputs: "inputs downloads",
};

const atOnceOf = (kind: HeavyReadKind) =>
  kind === "pack" ? env().HEAVY_PACKS_AT_ONCE : kind === "eee" || kind === "inputs" ? env().HEAVY_DOWNLOADS_AT_ONCE : env().HEAVY_SEARCHES_AT_ONCE;

const SEND_DEADLINE_MS = 2_000;
/** Seconds a client told to come back waits: long enough for the line to drain, short enough to feel live. */
const RETRY_AFTER_SECONDS = 2;

type Gate = { limit: ReturnType<typeof pLimit>; atOnce: number };
const gates = new Map<HeavyReadKind, Gate>();

function gateOf(kind: HeavyReadKind): Gate {
  let gate = gates.get(kind);
  if (!gate) {
    const atOnce = atOnceOf(kind);
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

/** Runs `read` when a place of its kind is free; a download throws 503 ("busy") when its line is already full. */
export async function throughHeavyReadGate<T>(kind: HeavyReadKind, read: () => Promise<T>): Promise<T> {
  const gate = gateOf(kind);
  const bounded = BOUNDED[kind];
  if (bounded && waitingIn(gate) >= env().HEAVY_READS_WAITING) {
    throw new ApiError(
      "busy",
      `The server is answering many ${bounded} at the moment. Try again in ${RETRY_AFTER_SECONDS} s.`,
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
