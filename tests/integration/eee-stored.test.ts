import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, afterEach, describe, expect, inject, test, vi } from "vitest";
import { alpsBenchEee } from "@/lib/benchmarks/alpsbench/eee/hook";
import { leaderboardResponse, snapshotResponse } from "@/lib/benchmarks/hosted-responses";
import { createPrismaClient } from "@/lib/db/create-client";
import { ApiError } from "@/lib/http/api-error";
import { heavyReadGateState } from "@/lib/http/heavy-read-gate";

/**
 * The Every Eval Ever exports (`format=eee` of a board and of the snapshot) built once per leaderboard version and
 * served from the stored file (issue 38 item 3), through the read API's dispatch on the seeded demo data version.
 * Builds are counted through the benchmark hook's `boards`, which each build calls once: a second request, or a
 * burst, does not build again; a new leaderboard version does; the line of exports waiting is bounded (503 with
 * Retry-After past it).
 */
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "eee-stored-"));
process.env.DOWNLOAD_CACHE_DIR = cacheDir;
// a short line, so the test can fill it: env() reads this once, before any gate is made
process.env.HEAVY_READS_WAITING = "2";
const db = createPrismaClient(inject("databaseUrl"));
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await db.$disconnect();
  rmSync(cacheDir, { recursive: true, force: true });
});

const board = (split = "dev") => leaderboardResponse(db, "task1", null, new URLSearchParams({ format: "eee", benchmark: "demo", split }));
const files = async (answer: Response) => Object.keys(unzipSync(new Uint8Array(await answer.arrayBuffer()))).sort();
const bumpVersion = () => db.$executeRaw`UPDATE "LeaderboardVersion" SET "version" = "version" + 1 WHERE "id" = 1`;

describe("Every Eval Ever exports, stored", () => {
  test("a burst builds the board's export once; a later request reads the file; a new version builds again", async () => {
    const builds = vi.spyOn(alpsBenchEee, "boards");
    const burst = await Promise.all(Array.from({ length: 4 }, () => board()));
    expect(builds).toHaveBeenCalledTimes(1);
    for (const answer of burst) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/zip");
    }
    const listed = await Promise.all(burst.map(files));
    expect(listed[0]).toContain("checksums.sha256");
    expect(listed[0]!.some((f) => f.startsWith("every_eval_ever/"))).toBe(true);
    for (const l of listed) expect(l).toEqual(listed[0]);

    const again = await board();
    expect(Number(again.headers.get("content-length"))).toBe((await again.arrayBuffer()).byteLength);
    expect(builds).toHaveBeenCalledTimes(1);
    // another split is another export
    await (await board("full")).arrayBuffer();
    expect(builds).toHaveBeenCalledTimes(2);

    await bumpVersion();
    expect((await files(await board())).length).toBe(listed[0]!.length);
    expect(builds).toHaveBeenCalledTimes(3);
    // the earlier version's file of the scope is gone: two scopes, one file each
    expect(readdirSync(cacheDir).filter((f) => f.startsWith("eee-") && f.endsWith(".raw"))).toHaveLength(2);
  });

  test("the snapshot's export is stored the same way", async () => {
    const builds = vi.spyOn(alpsBenchEee, "boards");
    const snapshot = () => snapshotResponse(db, new URLSearchParams({ format: "eee", benchmark: "demo", split: "validation" }));
    for (let i = 0; i < 2; i++) {
      const answer = await snapshot();
      expect(answer.status).toBe(200);
      expect(await files(answer)).toContain("checksums.sha256");
    }
    expect(builds).toHaveBeenCalledTimes(1);
  });

  test("past the line of waiting builds: 503 with Retry-After; a stored export is still served at once; the builds waiting finish", async () => {
    await bumpVersion();
    // stored before the line fills: a stored file is streamed outside the gate
    await (await board("dev")).arrayBuffer();
    const original = alpsBenchEee.boards.bind(alpsBenchEee);
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    vi.spyOn(alpsBenchEee, "boards").mockImplementation(async (...args) => {
      await held;
      return original(...args);
    });
    // one building (its place taken), two waiting: the line is full
    const running: Promise<Response>[] = [];
    for (const [i, split] of ["full", "validation", "test"].entries()) {
      running.push(board(split));
      await vi.waitFor(() => expect(heavyReadGateState("eee")).toEqual({ running: 1, waiting: i }));
    }
    const refused = await board("all").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("busy");
    expect((refused as ApiError).headers).toMatchObject({ "retry-after": "2" });
    const stored = await board("dev");
    expect(stored.status).toBe(200);
    expect(await files(stored)).toContain("checksums.sha256");
    open();
    for (const answer of await Promise.all(running)) {
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    expect(heavyReadGateState("eee")).toEqual({ running: 0, waiting: 0 });
  });
});
