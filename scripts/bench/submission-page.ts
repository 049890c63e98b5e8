#!/usr/bin/env tsx
/**
 * The biggest public submission page of a running site: HTML size and time, as a visitor and as the uploader.
 *   npx tsx scripts/bench/submission-page.ts --base http://127.0.0.1:3000 [--repeat 5] [--submission <id>]
 * Needs a running site (`npm start` on the real data, docs/running.md) and its database (DATABASE_URL, or the
 * running `npm start`'s embedded one), with its worker. Measures the page of the finished public server-run with
 * the most per-instance results (or --submission), and of an upload of the same predictions (taken from its
 * reproducibility pack, GET /api/v1/submissions/<id>/pack) by a bench user, made once and kept for the next run
 * (its system is "Bench page <system>"; delete it from /admin or the database). For each page: HTML bytes (raw and
 * gzip), the per-instance rows in it, and the median time of `--repeat` requests; then the explanation of one
 * opened row (the owner's, from the API). Exits 1 when a page is 300 KB or more. It names no benchmark: the
 * track, the file and the page come from the site.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { createApiToken } from "../../lib/auth/api-token";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "../../lib/auth/session-cookie";
import { databaseForCli } from "../../lib/db/cli-database";
import { createPrismaClient } from "../../lib/db/create-client";
import { PackManifest } from "../../lib/packs/manifest";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    repeat: { type: "string", default: "5" },
    submission: { type: "string" },
  },
});
if (!values.base) throw new Error("--base http://host:port is required");
const base = values.base.replace(/\/$/, "");
const repeat = Number(values.repeat);
const TARGET_BYTES = 300 * 1024;
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

/** The finished public server-run with the most per-instance results: the heaviest page a visitor can open. */
async function biggestServerRun(): Promise<{ id: string; track: string; system: string; benchmark: string; split: string }> {
  const [biggest] = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT s."id" FROM "Submission" s JOIN "InstanceResult" r ON r."submissionId" = s."id"
     WHERE s."source" = 'seed' AND s."status" = 'done' AND s."visibility" = 'public' AND s."hiddenAt" IS NULL AND cardinality(s."tracks") = 1
     GROUP BY s."id" ORDER BY count(*) DESC, s."id" LIMIT 1`,
  );
  const id = values.submission ?? biggest?.id;
  if (!id) throw new Error("no finished public server-run with per-instance results: import the real data first");
  const row = await db.submission.findUniqueOrThrow({
    where: { id },
    select: { id: true, tracks: true, split: true, system: { select: { name: true } }, benchmarkVersion: { select: { slug: true } } },
  });
  return { id: row.id, track: row.tracks[0]!, system: row.system.name, benchmark: row.benchmarkVersion.slug, split: row.split };
}

/** The bench user's upload of that run's predictions (from its pack): made once (public, so a visitor sees it too), then reused. */
async function benchUpload(run: Awaited<ReturnType<typeof biggestServerRun>>): Promise<{ id: string; ownerId: string }> {
  const systemName = `Bench page ${run.system}`;
  const existing = await db.submission.findFirst({
    where: { system: { name: systemName }, status: "done", tracks: { has: run.track }, benchmarkVersion: { slug: run.benchmark } },
    select: { id: true, ownerId: true },
  });
  if (existing?.ownerId) return { id: existing.id, ownerId: existing.ownerId };
  const pack = await fetch(`${base}/api/v1/submissions/${run.id}/pack`);
  if (!pack.ok) throw new Error(`the pack of ${run.id}: ${pack.status} ${await pack.text()}`);
  const files = unzipSync(new Uint8Array(await pack.arrayBuffer()));
  const manifest = PackManifest.parse(JSON.parse(new TextDecoder().decode(files["manifest.json"])));
  const entry = manifest.files.find((f) => f.role === "predictions");
  const file = entry && files[entry.path];
  if (!entry || !file) throw new Error(`the pack of ${run.id} carries no predictions`);
  const user = await db.user.create({ data: { email: `bench-page-${Date.now()}@bench.invalid`, name: "Bench page" } });
  const { token } = await createApiToken(db, user.id, { name: "bench", scopes: ["submit", "read"] });
  const form = new FormData();
  for (const [k, v] of Object.entries({ task: run.track, model: systemName, split: run.split, visibility: "public", benchmark: run.benchmark })) form.set(k, v);
  form.set("file", new Blob([file], { type: "application/x-ndjson" }), entry.path.split("/").pop()!);
  const response = await fetch(`${base}/api/v1/submissions`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 202) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  log(`uploaded ${entry.path} (${(file.length / 1e6).toFixed(1)} MB) as ${id}; waiting for the worker`);
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
  const run = await biggestServerRun();
  const upload = await benchUpload(run);
  const sessionToken = randomBytes(32).toString("base64url");
  await db.session.create({ data: { sessionToken, userId: upload.ownerId, expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) } });
  const cookie = `${sessionCookieName(base.startsWith("https:"))}=${sessionToken}`;
  try {
    const pages: Measured[] = [];
    pages.push(await measure(`server-scored ${run.system}, visitor`, `/submissions/${run.id}`));
    pages.push(await measure("upload, visitor", `/submissions/${upload.id}`));
    pages.push(await measure("upload, its uploader", `/submissions/${upload.id}`, cookie));
    pages.push(await measure("upload, its uploader, page 10", `/submissions/${upload.id}?track=${encodeURIComponent(run.track)}&page=10`, cookie));
    pages.push(await measure("upload, its uploader, misses", `/submissions/${upload.id}?track=${encodeURIComponent(run.track)}&misses=1`, cookie));
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
      const url = `/api/v1/submissions/${upload.id}/instance-explanation?track=${encodeURIComponent(run.track)}&benchmark_id=${encodeURIComponent(first.instance.benchmarkId)}`;
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
