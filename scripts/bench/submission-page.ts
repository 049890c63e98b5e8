#!/usr/bin/env tsx
/**
 * The real-data Task 1 submission page: HTML size and time, as a visitor and as the uploader.
 *   npx tsx scripts/bench/submission-page.ts --base http://127.0.0.1:3000 [--data ../shared/data/alpsbench] [--repeat 5]
 * Needs a running site (`npm start` with ALPSBENCH_DATA_DIR) and its database (DATABASE_URL, or the running
 * `npm start`'s embedded one), with its worker. Measures the page of the server-scored GPT-5.2 Task 1 run, and of
 * an upload of the same outputs (2,272 rows, 3.1 MB) by a bench user, made once and kept for the next run (its
 * system is "Bench page GPT-5.2"; delete it from /admin or the database). For each page: HTML bytes (raw and
 * gzip), the per-instance rows in it, and the median time of `--repeat` requests; then the explanation of one
 * opened row (the owner's, from the API). Exits 1 when a page is 300 KB or more.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { createApiToken } from "../../lib/auth/api-token";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "../../lib/auth/session-cookie";
import { databaseForCli } from "../../lib/db/cli-database";
import { createPrismaClient } from "../../lib/db/create-client";
import { exportPredictionsFromPackets } from "@/lib/benchmarks/alpsbench/data/export-predictions";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    data: { type: "string", default: "../shared/data/alpsbench" },
    repeat: { type: "string", default: "5" },
  },
});
if (!values.base) throw new Error("--base http://host:port is required");
const base = values.base.replace(/\/$/, "");
const repeat = Number(values.repeat);
const TARGET_BYTES = 300 * 1024;
const SYSTEM_NAME = "Bench page GPT-5.2";
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const database = await databaseForCli(log);
const db = createPrismaClient(database.url);

type Measured = { label: string; path: string; bytes: number; gzip: number; rows: number; ms: number };

async function measure(label: string, pathname: string, cookie?: string): Promise<Measured> {
  const times: number[] = [];
  let html = "";
  for (let i = 0; i < repeat + 1; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} });
    html = await response.text();
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
    // the first request warms the route up (compilation of the server code, caches): not counted
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const bytes = Buffer.byteLength(html);
  return {
    label,
    path: pathname,
    bytes,
    gzip: gzipSync(html).length,
    rows: html.match(/data-testid="instance-row"/g)?.length ?? 0,
    ms: times[Math.floor(times.length / 2)]!,
  };
}

/** The bench user's upload of GPT-5.2's Task 1 outputs: made once (public, so a visitor sees it too), then reused. */
async function benchUpload(): Promise<{ id: string; ownerId: string }> {
  const existing = await db.submission.findFirst({
    where: { system: { name: SYSTEM_NAME }, status: "done", tracks: { has: "task1" }, benchmarkVersion: { slug: "alpsbench-v1" } },
    select: { id: true, ownerId: true },
  });
  if (existing?.ownerId) return { id: existing.id, ownerId: existing.ownerId };
  const { rows } = await exportPredictionsFromPackets(path.resolve(values.data!), "task1", "gpt-5.2");
  const file = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const user = await db.user.create({ data: { email: `bench-page-${Date.now()}@bench.invalid`, name: "Bench page" } });
  const { token } = await createApiToken(db, user.id, { name: "bench", scopes: ["submit", "read"] });
  const form = new FormData();
  for (const [k, v] of Object.entries({ task: "task1", model: SYSTEM_NAME, split: "full", visibility: "public" })) form.set(k, v);
  form.set("file", new Blob([file], { type: "application/x-ndjson" }), "gpt52-task1.jsonl");
  const response = await fetch(`${base}/api/v1/submissions`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 202) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  log(`uploaded ${rows.length} rows (${(file.length / 1e6).toFixed(1)} MB) as ${id}; waiting for the worker`);
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${base}/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      status: string;
      failureReason?: string;
    };
    if (status.status === "done") return { id, ownerId: user.id };
    if (status.status === "failed") throw new Error(`the upload failed: ${status.failureReason}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the upload ${id} was not scored within 15 minutes`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;
try {
  const seeded = await db.submission.findFirst({
    where: { source: "seed", status: "done", tracks: { has: "task1" }, benchmarkVersion: { slug: "alpsbench-v1" }, system: { name: { contains: "GPT-5.2" } } },
    select: { id: true, system: { select: { name: true } } },
  });
  const upload = await benchUpload();
  const sessionToken = randomBytes(32).toString("base64url");
  await db.session.create({ data: { sessionToken, userId: upload.ownerId, expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) } });
  const cookie = `${sessionCookieName(base.startsWith("https:"))}=${sessionToken}`;
  try {
    const pages: Measured[] = [];
    if (seeded) pages.push(await measure(`server-scored ${seeded.system.name}, visitor`, `/submissions/${seeded.id}`));
    pages.push(await measure("upload, visitor", `/submissions/${upload.id}`));
    pages.push(await measure("upload, its uploader", `/submissions/${upload.id}`, cookie));
    pages.push(await measure("upload, its uploader, page 10", `/submissions/${upload.id}?track=task1&page=10`, cookie));
    pages.push(await measure("upload, its uploader, misses", `/submissions/${upload.id}?track=task1&misses=1`, cookie));
    const lines = [`${"page".padEnd(44)} ${"HTML".padStart(10)} ${"HTML gz".padStart(10)} ${"rows".padStart(5)} ${"median".padStart(10)}`];
    for (const p of pages) {
      if (p.bytes >= TARGET_BYTES) failed = true;
      lines.push(
        `${p.label.padEnd(44)} ${kb(p.bytes).padStart(10)} ${kb(p.gzip).padStart(10)} ${String(p.rows).padStart(5)} ${`${p.ms.toFixed(0)} ms`.padStart(10)}`,
      );
    }
    // one opened row, as its uploader sees it (the explanation API the page calls; absent before it existed)
    const first = await db.instanceResult.findFirst({
      where: { submissionId: upload.id, instance: { split: { in: ["dev", "validation"] } } },
      orderBy: { instance: { benchmarkId: "asc" } },
      select: { instance: { select: { benchmarkId: true } } },
    });
    if (first) {
      const url = `/api/v1/submissions/${upload.id}/instance-explanation?track=task1&benchmark_id=${encodeURIComponent(first.instance.benchmarkId)}`;
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      const body = await response.text();
      lines.push(
        `one opened row (${first.instance.benchmarkId}): ${response.status}, ${kb(Buffer.byteLength(body))} in ${(performance.now() - started).toFixed(0)} ms`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\ntarget: every page under ${kb(TARGET_BYTES)} of HTML ${failed ? "MISSED" : "OK"}\n`);
  } finally {
    await db.session.deleteMany({ where: { sessionToken } });
  }
} finally {
  await db.$disconnect();
  await database.close();
}
process.exit(failed ? 1 : 0);
