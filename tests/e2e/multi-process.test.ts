import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { seed } from "@/lib/db/seed";
import { createTestDatabase } from "../test-database";
import { killGroup, startProcess, stopAll, waitFor, waitForWeb, type Proc } from "./app-processes";
import { uploadMultipart } from "./submissions-helpers";

const GUESS = { memory_id: "g1", type: "direct", label: "Personal_Background/Pets", value: "Has a pet iguana", confidence: 0.5 };

/**
 * Many processes, one PostgreSQL (issue 11, part 2): two web servers (`scripts/web.ts`, what `npm run web` runs)
 * and two scoring workers (`scripts/worker.ts`) on one database of their own. Rate limits hold across both
 * servers, whatever X-Forwarded-For a client sends; uploads are scored by both workers; killing a worker or a web
 * server loses nothing. Then `npm start` (scripts/start.ts) restarts its web server when it dies.
 */

const API_LIMIT = 40;
const CHUNK = 3;

/** Sends `count` requests alternating between the servers, each with a different X-Forwarded-For; returns the statuses. */
async function alternate(urls: string[], count: number, headers: (i: number) => Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
        const response = await fetch(`${urls[(i + j) % urls.length]}/api/v1/queue`, { headers: headers(i + j) });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    statuses.push(...batch);
  }
  return statuses;
}

describe("two web servers and two workers on one database", () => {
  let database: { url: string; dispose: () => Promise<void> };
  let db: Db;
  let token: string;
  let otherToken: string;
  const webs: { proc: Proc; url: string }[] = [];
  const workers: Proc[] = [];
  let task1: { benchmarkId: string; gold: { memory_items: unknown[] } }[] = [];

  beforeAll(async () => {
    // a database of its own on the e2e server, so the suite's own worker takes none of these jobs
    database = await createTestDatabase("multi", { serverUrl: inject("e2eDatabaseUrl") });
    db = createPrismaClient(database.url);
    await seed(db);
    const user = await db.user.create({ data: { email: `multi-${randomBytes(3).toString("hex")}@example.org` } });
    token = (await createApiToken(db, user.id, { name: "multi", scopes: ["submit", "read"] })).token;
    otherToken = (await createApiToken(db, user.id, { name: "multi-2", scopes: ["submit", "read"] })).token;
    const rows = await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" },
      orderBy: { benchmarkId: "asc" },
      select: { benchmarkId: true, gold: { select: { gold: true } } },
    });
    task1 = rows.map((r) => ({ benchmarkId: r.benchmarkId, gold: r.gold!.gold as { memory_items: unknown[] } }));
    const common = {
      DATABASE_URL: database.url,
      AUTH_SECRET: "e2e-only-secret-not-for-production-use",
      RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT),
      WORKER_CHUNK_SIZE: String(CHUNK),
      WORKER_CHUNK_EXPIRE_SECONDS: "5",
      ALPSBENCH_WORKER_TEST_DELAY_MS: "250",
      // no HOST, no TRUSTED_PROXY_HOPS: the defaults are under test
      HOST: "",
      TRUSTED_PROXY_HOPS: "",
    };
    for (const name of ["web-a", "web-b"]) {
      const port = await freePort();
      webs.push({
        proc: startProcess(name, "scripts/web.ts", { ...common, PORT: String(port), AUTH_URL: `http://127.0.0.1:${port}` }),
        url: `http://127.0.0.1:${port}`,
      });
    }
    for (const name of ["worker-a", "worker-b"]) workers.push(startProcess(name, "scripts/worker.ts", common));
    await Promise.all(webs.map((web) => waitForWeb(web.proc, web.url)));
  }, 300_000);

  afterAll(async () => {
    await stopAll([...webs.map((w) => w.proc), ...workers]);
    await db?.$disconnect();
    await database?.dispose();
  });

  test("the web servers listen on 127.0.0.1 only, unless HOST says otherwise", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === "IPv4")?.address;
    const port = Number(new URL(webs[0]!.url).port);
    expect(webs[0]!.proc.output.join("\n")).toMatch(new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`));
    if (!outside) return; // no other interface on this machine to try
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: outside, port, timeout: 2_000 });
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => (socket.destroy(), resolve(false)));
    });
    expect(reached, `port ${port} answered on ${outside}`).toBe(false);
  });

  test(`the API limit (${API_LIMIT} a minute) holds across both servers, whatever X-Forwarded-For says; a live token has its own bucket`, async () => {
    const urls = webs.map((w) => w.url);
    // a different forged address on every request, half of them to each server
    const statuses = await alternate(urls, API_LIMIT * 3, (i) => ({ "x-forwarded-for": `203.0.113.${i % 250}` }));
    const passed = statuses.filter((s) => s === 200).length;
    const limited = statuses.filter((s) => s === 429).length;
    console.log(`address bucket: ${passed} of ${statuses.length} requests passed over two servers (limit ${API_LIMIT})`);
    expect(passed).toBe(API_LIMIT);
    expect(passed + limited).toBe(statuses.length);
    for (const url of urls) expect((await fetch(`${url}/api/v1/queue`)).status).toBe(429);

    // a bearer token the database knows counts against itself, not the (exhausted) address; across both servers
    const tokenStatuses = await alternate(urls, API_LIMIT + 10, () => ({ authorization: `Bearer ${token}` }));
    expect(tokenStatuses.filter((s) => s === 200)).toHaveLength(API_LIMIT);
    expect(tokenStatuses.slice(API_LIMIT).every((s) => s === 429)).toBe(true);
    // a made-up token does not mint a fresh bucket: it counts against the address
    expect((await fetch(`${urls[1]}/api/v1/queue`, { headers: { authorization: `Bearer abk_${"B".repeat(43)}` } })).status).toBe(429);
  }, 120_000);

  test("three uploads are scored by both workers; killing a worker and a web server loses nothing and scores nothing twice", async () => {
    // the address and first token are spent by the test above: uploads use a token of their own
    const files = [0, 1, 2].map(
      // every row predicts something (a file mostly of empty test rows is refused): the gold on a third, a guess elsewhere
      (k) => task1.map((row, i) => JSON.stringify({ benchmark_id: row.benchmarkId, memory_items: i % 3 === k ? row.gold.memory_items : [GUESS] })).join("\n") + "\n",
    );
    const ids: string[] = [];
    for (const [k, file] of files.entries()) {
      const answer = await uploadMultipart(webs[k % 2]!.url, { token: otherToken, fields: { task: "task1", model: `Multi ${k}`, benchmark: "demo" }, file });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      ids.push(answer.body.id!);
    }
    // both workers commit chunks (progress lines name the submission), then worker A and web server A die
    const chunksOf = (proc: Proc) => proc.output.filter((line) => ids.some((id) => line.includes(`submission ${id}: scored`))).length;
    await waitFor("chunks committed by both workers", async () => chunksOf(workers[0]!) > 0 && chunksOf(workers[1]!) > 0, 60_000);
    killGroup(workers[0]!, "SIGKILL");
    killGroup(webs[0]!.proc, "SIGKILL");
    await Promise.all([workers[0]!.exited, webs[0]!.proc.exited]);

    // the remaining server still takes uploads and answers, the remaining worker finishes everything
    const late = await uploadMultipart(webs[1]!.url, {
      token: otherToken,
      fields: { task: "task1", model: "Multi late", benchmark: "demo" },
      file: task1.map((row) => JSON.stringify({ benchmark_id: row.benchmarkId, memory_items: row.gold.memory_items })).join("\n"),
    });
    expect(late.status, JSON.stringify(late.body)).toBe(202);
    ids.push(late.body.id!);
    await waitFor(
      "every submission done",
      async () => {
        const rows = await db.submission.findMany({ where: { id: { in: ids } }, select: { status: true } });
        if (rows.some((r) => r.status === "failed")) throw new Error("a submission failed");
        return rows.length === ids.length && rows.every((r) => r.status === "done");
      },
      120_000,
      500,
    );
    for (const id of ids) {
      const results = await db.instanceResult.findMany({ where: { submissionId: id }, select: { instanceId: true, scoreVersion: true } });
      expect(results).toHaveLength(task1.length);
      expect(new Set(results.map((r) => `${r.instanceId}/${r.scoreVersion}`)).size).toBe(task1.length);
      const scores = await db.score.findMany({ where: { submissionId: id }, select: { metric: true, trackId: true, scoreVersion: true } });
      expect(scores.length).toBeGreaterThan(0);
      expect(new Set(scores.map((s) => `${s.trackId}/${s.metric}/${s.scoreVersion}`)).size).toBe(scores.length);
    }
    const perWorker = workers.map((w) => `${w.name} ${chunksOf(w)}`).join(", ");
    console.log(`chunks committed per worker over ${ids.length} submissions of ${task1.length} instances (chunks of ${CHUNK}): ${perWorker}`);
    expect((await fetch(`${webs[1]!.url}/api/v1/submissions/${ids[0]}`, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(200);
  }, 240_000);
});

describe("npm start supervises its children", () => {
  test("when the web server dies it is started again and serves; SIGTERM stops everything", async () => {
    const database = await createTestDatabase("multi_start", { serverUrl: inject("e2eDatabaseUrl") });
    const port = await freePort();
    const start = startProcess("start", "scripts/start.ts", {
      DATABASE_URL: database.url,
      PORT: String(port),
      AUTH_SECRET: "e2e-only-secret-not-for-production-use",
    });
    const url = `http://127.0.0.1:${port}`;
    const webPids = () => [...new Set(start.output.flatMap((line) => /\[web (\d+)\] listening/.exec(line)?.[1] ?? []).map(Number))];
    try {
      await waitFor("the first web server", async () => webPids().length === 1 && (await fetch(`${url}/signin`)).ok, 180_000, 500).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${start.output.slice(-20).join("\n")}`);
      });
      const [first] = webPids();
      process.kill(first!, "SIGKILL");
      const killedAt = Date.now();
      await waitFor("a new web server", async () => webPids().length === 2 && (await fetch(`${url}/signin`)).ok, 120_000, 250).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${start.output.slice(-20).join("\n")}`);
      });
      console.log(`npm start: web server ${first} killed; ${webPids()[1]} served again ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`);
      expect(start.output.join("\n")).toMatch(/web server exited \(SIGKILL\); restarting in 1 s/);
      expect(start.child.exitCode).toBeNull();
      start.child.kill("SIGTERM");
      expect(await start.exited).toBe(0);
      await expect(fetch(`${url}/signin`)).rejects.toThrow();
    } finally {
      killGroup(start, "SIGKILL");
      await database.dispose();
    }
  }, 400_000);
});
