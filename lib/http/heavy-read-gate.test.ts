import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

type Gate = typeof import("./heavy-read-gate");
let gate: Gate;

// a fresh module per test: the gates are per process, and one test's waiting reads must not reach the next
beforeEach(async () => {
  vi.resetModules();
  gate = await import("./heavy-read-gate");
});
afterEach(() => vi.useRealTimers());

/** A read that runs until its `finish` is called. */
function pendingRead<T>(value: T) {
  let finish!: () => void;
  const started = vi.fn();
  const read = () =>
    new Promise<T>((resolve) => {
      started();
      finish = () => resolve(value);
    });
  return { read, started, finish: () => finish() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
// lib/env.ts's defaults
const SEARCHES_AT_ONCE = 1;
const PACKS_AT_ONCE = 1;

describe("the heavy-read gate: a few at once per kind, the rest wait", () => {
  test("at most HEAVY_SEARCHES_AT_ONCE searches run; the next starts when one ends; another kind is not held", async () => {
    const reads = Array.from({ length: SEARCHES_AT_ONCE + 1 }, (_, i) => pendingRead(i));
    const results = reads.map((r) => gate.throughHeavyReadGate("search", r.read));
    await tick();
    expect(reads.map((r) => r.started.mock.calls.length)).toEqual([1, 0]);
    expect(gate.heavyReadGateState("search")).toEqual({ running: SEARCHES_AT_ONCE, waiting: 1 });
    expect(await gate.throughHeavyReadGate("pack", async () => "other kind")).toBe("other kind");
    reads[0]!.finish();
    expect(await results[0]).toBe(0);
    await tick();
    expect(reads[SEARCHES_AT_ONCE]!.started).toHaveBeenCalledOnce();
    for (const r of reads.slice(1)) r.finish();
    expect(await Promise.all(results)).toEqual([0, 1]);
    expect(gate.heavyReadGateState("search")).toEqual({ running: 0, waiting: 0 });
  });

  test("a read that throws gives its place back", async () => {
    await expect(gate.throughHeavyReadGate("search", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.heavyReadGateState("search")).toEqual({ running: 0, waiting: 0 });
  });

  test("an answer keeps its place until its body is read to the end", async () => {
    const answer = await gate.throughHeavyReadGate("pack", async () => new Response(new Uint8Array(1_000_000).fill(7)));
    expect(gate.heavyReadGateState("pack").running).toBe(1);
    const body = new Uint8Array(await answer.arrayBuffer());
    expect(body.byteLength).toBe(1_000_000);
    expect(body.every((b) => b === 7)).toBe(true);
    expect(gate.heavyReadGateState("pack").running).toBe(0);
  });

  test("status and headers pass through; an answer without a body frees its place at once", async () => {
    const answer = await gate.throughHeavyReadGate("pack", async () => new Response(null, { status: 304, headers: { etag: '"x"' } }));
    expect(answer.status).toBe(304);
    expect(answer.headers.get("etag")).toBe('"x"');
    await tick();
    expect(gate.heavyReadGateState("pack").running).toBe(0);
  });

  test("a client that goes away (body cancelled) frees the place", async () => {
    const answer = await gate.throughHeavyReadGate("pack", async () => new Response(new Uint8Array(10)));
    await answer.body!.cancel("client closed");
    expect(gate.heavyReadGateState("pack").running).toBe(0);
  });

  test("a client that never reads frees the place after the send deadline (2 s)", async () => {
    vi.useFakeTimers();
    await gate.throughHeavyReadGate("pack", async () => new Response(new Uint8Array(10)));
    expect(gate.heavyReadGateState("pack").running).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(gate.heavyReadGateState("pack").running).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gate.heavyReadGateState("pack").running).toBe(0);
  });

  test("a full line of packs answers 503 busy with Retry-After; searches only wait", async () => {
    const WAITING = 64; // HEAVY_READS_WAITING's default
    const reads = Array.from({ length: PACKS_AT_ONCE + WAITING }, () => pendingRead(new Response(null)));
    const held = reads.map((r) => gate.throughHeavyReadGate("pack", r.read));
    await tick();
    expect(gate.heavyReadGateState("pack")).toEqual({ running: PACKS_AT_ONCE, waiting: WAITING });
    const refused = await gate.throughHeavyReadGate("pack", async () => new Response(null)).catch((e: unknown) => e);
    // (an ApiError of this test's fresh module copy: compared by shape)
    expect(refused).toMatchObject({ name: "ApiError", status: 503, code: "busy", headers: { "retry-after": "2" } });

    const searches = Array.from({ length: SEARCHES_AT_ONCE + WAITING + 1 }, () => pendingRead("found"));
    const searching = searches.map((r) => gate.throughHeavyReadGate("search", r.read));
    await tick();
    expect(gate.heavyReadGateState("search")).toEqual({ running: SEARCHES_AT_ONCE, waiting: WAITING + 1 });

    // drain: each finished read lets the next start
    for (let i = 0; i < reads.length; i++) {
      reads[i]!.finish();
      await tick();
    }
    for (let i = 0; i < searches.length; i++) {
      searches[i]!.finish();
      await tick();
    }
    await Promise.all([...held, ...searching]);
  });

  test.each(["eee", "inputs"] as const)("a full line of %s downloads answers 503 busy with Retry-After; the other kinds are not held", async (kind) => {
    const WAITING = 64; // HEAVY_READS_WAITING's default
    const DOWNLOADS_AT_ONCE = 1; // HEAVY_DOWNLOADS_AT_ONCE's default
    const reads = Array.from({ length: DOWNLOADS_AT_ONCE + WAITING }, () => pendingRead(new Response(null)));
    const held = reads.map((r) => gate.throughHeavyReadGate(kind, r.read));
    await tick();
    expect(gate.heavyReadGateState(kind)).toEqual({ running: DOWNLOADS_AT_ONCE, waiting: WAITING });
    const refused = await gate.throughHeavyReadGate(kind, async () => new Response(null)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "ApiError", status: 503, code: "busy", headers: { "retry-after": "2" } });
    expect(await gate.throughHeavyReadGate(kind === "eee" ? "inputs" : "eee", async () => "other kind")).toBe("other kind");
    for (const r of reads) {
      r.finish();
      await tick();
    }
    await Promise.all(held);
    expect(gate.heavyReadGateState(kind)).toEqual({ running: 0, waiting: 0 });
  });
});
