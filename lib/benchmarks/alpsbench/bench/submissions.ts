#!/usr/bin/env tsx
/**
 * Upload-to-done latency of the submission loop, against the real server, database and worker:
 *   npx tsx lib/benchmarks/alpsbench/bench/submissions.ts --data ../shared/data/alpsbench [--concurrent 32]
 * Uses DATABASE_URL, a running `npm start`'s database, or the embedded one; the real data must be imported
 * (`npm run alpsbench -- import`). Starts `next start` (building if needed) and one worker, uploads GPT-5.2's
 * stored Task 1 outputs (2,272 instances, deterministic metrics only) once, then the same file from N users at
 * once, prints the latencies, and deletes everything it created.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApiToken } from "@/lib/auth/api-token";
import { databaseForCli } from "@/lib/db/cli-database";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { exportPredictionsFromPackets } from "@/lib/benchmarks/alpsbench/data/export-predictions";
import { buildIfNeeded, ROOT } from "@/scripts/lib/next-build";
import { benchLog as log, waitFor } from "@/scripts/lib/bench-server";
import { cliCommand } from "@/lib/platform/site";

const { values } = parseArgs({ options: { data: { type: "string", default: "../shared/data/alpsbench" }, concurrent: { type: "string", default: "32" } } });
const concurrent = Number(values.concurrent);

const database = await databaseForCli(log);
const db = createPrismaClient(database.url);
const children: ChildProcess[] = [];
const createdUsers: string[] = [];

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

try {
  const task1 = await db.instance.count({ where: { benchmarkVersion: { slug: "alpsbench-v1" }, trackId: "task1" } });
  if (task1 < 2272) throw new Error(`the database has ${task1} real task1 instances; import the data first (${cliCommand(`import --from ${values.data}`)})`);
  const { rows } = await exportPredictionsFromPackets(path.resolve(values.data!), "task1", "gpt-5.2");
  const file = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  log(`prediction file: ${rows.length} rows, ${(file.length / 1e6).toFixed(1)} MB`);

  await buildIfNeeded(log);
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    SUBMISSIONS_PER_TRACK_PER_DAY: "1000",
    SUBMISSIONS_PER_DAY: "1000",
  };
  children.push(spawn("npx", ["--no-install", "next", "start", "-p", String(port)], { cwd: ROOT, env, stdio: "ignore", detached: true }));
  children.push(spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: ROOT, env, stdio: "ignore", detached: true }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v1/queue`, 60_000, 200);

  async function tokenFor(i: number): Promise<string> {
    const user = await db.user.create({ data: { email: `bench-${Date.now()}-${i}@bench.invalid` } });
    createdUsers.push(user.id);
    return (await createApiToken(db, user.id, { name: "bench", scopes: ["submit", "read"] })).token;
  }

  /** One upload: ms until 202, and until the worker reports done. */
  async function uploadAndWait(token: string, label: string): Promise<{ accepted: number; done: number }> {
    const started = performance.now();
    const form = new FormData();
    for (const [k, v] of Object.entries({ task: "task1", model: `Bench ${label}`, split: "full", visibility: "private" })) form.set(k, v);
    form.set("file", new Blob([file], { type: "application/x-ndjson" }), "gpt52.jsonl");
    const response = await fetch(`${base}/api/v1/submissions`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
    const accepted = performance.now() - started;
    if (response.status !== 202) throw new Error(`upload ${label}: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    for (;;) {
      const status = (await (await fetch(`${base}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        status: string;
        failureReason?: string;
      };
      if (status.status === "done") return { accepted, done: performance.now() - started };
      if (status.status === "failed") throw new Error(`upload ${label} failed: ${status.failureReason}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const single = await uploadAndWait(await tokenFor(0), "single");
  process.stdout.write(
    `one ${rows.length}-instance Task 1 file: 202 after ${(single.accepted / 1000).toFixed(2)} s, done after ${(single.done / 1000).toFixed(2)} s\n`,
  );

  const tokens = await Promise.all(Array.from({ length: concurrent }, (_, i) => tokenFor(i + 1)));
  const started = performance.now();
  const results = await Promise.all(tokens.map((token, i) => uploadAndWait(token, `c${i}`)));
  const wall = performance.now() - started;
  const done = results.map((r) => r.done / 1000);
  const accepted = results.map((r) => r.accepted / 1000);
  process.stdout.write(
    `${concurrent} concurrent uploads (one worker, 2 job slots): all done in ${(wall / 1000).toFixed(1)} s; ` +
      `202 p50 ${percentile(accepted, 50).toFixed(2)} s p95 ${percentile(accepted, 95).toFixed(2)} s; ` +
      `done p50 ${percentile(done, 50).toFixed(1)} s p95 ${percentile(done, 95).toFixed(1)} s max ${Math.max(...done).toFixed(1)} s; ` +
      `throughput ${((concurrent * rows.length) / (wall / 1000)).toFixed(0)} instances/s\n`,
  );
} finally {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone
    }
  }
  // Everything the bench made goes: its users' systems, submissions, results and scores cascade.
  if (createdUsers.length) {
    await db.system.deleteMany({ where: { ownerId: { in: createdUsers } } });
    await db.user.deleteMany({ where: { id: { in: createdUsers } } });
  }
  await db.$disconnect();
  await database.close();
}
