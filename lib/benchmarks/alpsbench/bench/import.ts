#!/usr/bin/env tsx
/**
 * Real-data import into a FRESH embedded database, timed per phase:
 *   npx tsx lib/benchmarks/alpsbench/bench/import.ts [--data ../shared/data/alpsbench] [--twice] [--keep] [--digest] [--throwaway]
 * Starts its own embedded PostgreSQL in .tmp/bench-import-pg (never the dev database), migrates and seeds it as
 * `npm start` does, runs the importer (`importRealData`, what `alpsbench import` and the e2e setup call), then
 * prints the seconds of each phase, instances/s, and the database size with its largest tables. `--twice` also
 * times a second, unchanged import (what every `npm start` with ALPSBENCH_DATA_DIR pays); `--keep` leaves the
 * cluster's directory for inspection. `--digest` imports with a fixed pool seed and prints a digest of what the
 * first import stored (stored-digest.ts): two runs whose digests are equal stored the same rows and figures, so a
 * change to how the import writes is checked by running it before and after the change. `--throwaway` runs the
 * cluster as the test harness does (no fsync, no synchronous commit, no full-page writes: startEmbeddedPostgres).
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createPrismaClient } from "@/lib/db/create-client";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS_DIR } from "@/lib/db/prepare-database";
import { importRealData } from "@/lib/benchmarks/alpsbench/data/import/import-real-data";
import { seed } from "@/lib/db/seed";
import { installQueue } from "@/lib/queue/boss";
import { ensureRealBenchmark } from "@/lib/benchmarks/alpsbench/data/seeds/seed-reported";
import { storedDigest } from "./stored-digest";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: path.resolve(import.meta.dirname, "../../../../../shared/data/alpsbench") },
    twice: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    digest: { type: "boolean", default: false },
    throwaway: { type: "boolean", default: false },
  },
});
const dataDir = path.resolve(process.env.ALPSBENCH_DATA_DIR ?? values.data!);
const dir = path.resolve(import.meta.dirname, "../../../../.tmp/bench-import-pg");
const out = (line: string) => process.stdout.write(`${line}\n`);

rmSync(dir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({ dataDir: dir, database: "alpsbench_bench", throwaway: values.throwaway });
const db = createPrismaClient(embedded.url);

async function sizes(): Promise<{ database: number; tables: { name: string; total: number; toast: number }[] }> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    await client.query("CHECKPOINT");
    const database = Number((await client.query<{ size: string }>("SELECT pg_database_size(current_database()) AS size")).rows[0]!.size);
    const tables = (
      await client.query<{ name: string; total: string; toast: string }>(
        `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS total, COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0) AS toast
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 8`,
      )
    ).rows.map((r) => ({ name: r.name, total: Number(r.total), toast: Number(r.toast) }));
    return { database, tables };
  } finally {
    await client.end();
  }
}
/**
 * CPU seconds used so far by this process and by the embedded PostgreSQL (postmaster, its live backends, and the
 * backends that exited): on a shared machine wall time mostly measures the other jobs, CPU time measures us.
 */
function cpuSeconds(): { node: number; postgres: number } {
  const usage = process.cpuUsage();
  const tick = 100; // USER_HZ on Linux
  const postmaster = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  let postgres = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const [ppid, utime, stime, cutime, cstime] = [Number(fields[1]), Number(fields[11]), Number(fields[12]), Number(fields[13]), Number(fields[14])];
    if (Number(entry) === postmaster) postgres += (utime + stime + cutime + cstime) / tick;
    else if (ppid === postmaster) postgres += (utime + stime) / tick;
  }
  return { node: (usage.user + usage.system) / 1e6, postgres };
}
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function timedImport(label: string): Promise<void> {
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  const lines: string[] = [];
  // Every importer log line, stamped with the seconds since the import began: the phases and the silences.
  const cpuStart = process.cpuUsage();
  const report = await importRealData(db, dataDir, (line) => {
    // wall seconds, and the CPU seconds of node and of PostgreSQL (what a phase costs whatever else the machine runs)
    const cpu = process.cpuUsage(cpuStart);
    const pgCpu = cpuSeconds().postgres - cpuBefore.postgres;
    const stamped = `  [${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s | node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1).padStart(5)} s | pg CPU ${pgCpu.toFixed(1).padStart(5)} s] ${line}`;
    lines.push(stamped);
    process.stderr.write(`${stamped}\n`);
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const rows = report.inserted + report.updated + report.unchanged;
  out(
    `${label}: ${seconds.toFixed(1)} s in all; instances ${report.seconds.toFixed(1)} s (${rows} rows: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged; ${(rows / report.seconds).toFixed(0)} rows/s)`,
  );
  const phases = (report as { phases?: Record<string, number> }).phases;
  if (phases)
    out(
      `  phases: ${Object.entries(phases)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(", ")}`,
    );
  out(
    `  CPU: node ${(cpuAfter.node - cpuBefore.node).toFixed(1)} s, postgres ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s; load average at the end ${load}`,
  );
  for (const line of lines) out(line);
}

try {
  out(`data: ${dataDir}`);
  let t = performance.now();
  await migrate(embedded.url, MIGRATIONS_DIR);
  await installQueue(embedded.url);
  await seed(db);
  out(`fresh database migrated and seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // a known pool seed, so that the pools (and so every figure) are the same from one run to the next
  const benchmark = await ensureRealBenchmark(db);
  if (values.digest)
    await db.poolSeed.upsert({
      where: { benchmarkVersionId: benchmark.id },
      create: { benchmarkVersionId: benchmark.id, seed: "import-bench-digest" },
      update: { seed: "import-bench-digest" },
    });
  const before = await sizes();
  await timedImport("first import");
  const after = await sizes();
  out(`database size: ${mb(before.database)} before the import, ${mb(after.database)} after (pg_database_size)`);
  for (const table of after.tables) out(`  ${table.name.padEnd(22)} ${mb(table.total).padStart(10)}  (TOAST ${mb(table.toast)})`);
  if (values.digest) {
    out("stored digest (pool seed fixed):");
    for (const [table, { rows, md5 }] of Object.entries(await storedDigest(db, benchmark.id))) out(`  ${table.padEnd(16)} ${String(rows).padStart(9)} rows  ${md5}`);
  }
  if (values.twice) {
    t = performance.now();
    await timedImport("second import (nothing changed)");
  }
} finally {
  await db.$disconnect();
  await embedded.stop();
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
