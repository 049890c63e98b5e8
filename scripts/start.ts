#!/usr/bin/env tsx
/**
 * `npm start`: the whole site from a fresh clone. Database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, seed data, optional import of each benchmark's data (its own setting, e.g. ALPSBENCH_DATA_DIR; BENCHMARK_DATA_DIRS), a production build when the
 * sources changed, then one web server (`npm run web`) and one scoring worker (`npm run worker`), each restarted
 * with a bounded backoff when it dies. The web server starts once the build and the seed are done; the import then
 * runs while the site is up, with a banner on every page (scripts/lib/start-imports.ts). `--dev` runs `next dev` instead of building. Deployments with several
 * machines run the same three commands separately: see "Process model" in docs/running.md.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createPrismaClient } from "../lib/db/create-client";
import { publishRunningDatabase } from "../lib/db/cli-database";
import { startupErrorText } from "../lib/db/embedded-postgres";
import { prepareDatabase } from "../lib/db/prepare-database";
import { env } from "../lib/env";
import { seed } from "../lib/db/seed";
import { importBenchmarkDirs, parseBenchmarkDirs } from "../lib/benchmarks/import-benchmark-dirs";
import { hostedBenchmarks } from "../lib/benchmarks";
import { capabilitiesOf } from "../lib/benchmarks/hosted-capabilities";
import { cutChangedReleases } from "../lib/releases/cut-release";
import { buildIfNeeded, ROOT as root } from "./lib/next-build";
import { supervise, type Supervised } from "./lib/supervise";
import { engineWarningLine, notReadyLines, readyLines, releaseLine } from "./lib/start-messages";
import { existsSync } from "node:fs";
import { clearImportStatus, setImportStatus } from "../lib/db/queries/import-status";
import { abandonImport, importConnectionString, runImportSteps, warmFirstPage, type ImportStep } from "./lib/start-imports";

const dev = process.argv.includes("--dev");
const began = Date.now();
/** Every line says how long the start has run, so a slow phase shows as one, not as silence. */
const log = (line: string) => process.stderr.write(`[start ${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
/** Runs one phase of the start and says when it ends and how long it took. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
const children: Supervised[] = [];

async function main(): Promise<void> {
  const config = env();
  // A cluster orphaned by a killed earlier start is adopted and, being ours now, stopped on exit.
  log(
    `phases: database and migrations, then the seed beside the build, then the web server and the worker, the first page warmed, then the import while the site is up`,
  );
  const engine = engineWarningLine(process.version, existsSync(path.join(root, "node_modules/@prisma/streams-local")));
  if (engine) log(engine);
  const database = await phase("database and migrations", () =>
    prepareDatabase({
      databaseUrl: config.DATABASE_URL,
      pgDir: path.resolve(root, config.ALPSBENCH_PG_DIR),
      log,
      adopt: { stopAdopted: true },
    }),
  );
  const unpublish = database.embedded ? publishRunningDatabase(path.resolve(root, config.ALPSBENCH_PG_DIR), database.url) : () => {};
  const stopDatabase = async () => {
    unpublish();
    if (database.embedded) await database.embedded.stop().catch(() => {});
  };
  let stopping = false;
  // the import's own client (its sessions can be ended by name at a stop) and one for its status and the rest
  const db = createPrismaClient(database.url);
  const importDb = createPrismaClient(importConnectionString(database.url));
  let importing = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map((child) => child.stop()));
    // a stop mid-import: its transaction is rolled back and the banner removed before the database stops
    if (importing) await abandonImport(db).catch((error: unknown) => log(`stopping the import: ${String(error)}`));
    await Promise.all([db.$disconnect(), importDb.$disconnect()]).catch(() => {});
    await stopDatabase();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  // a banner row left by a killed earlier start
  await clearImportStatus(db);
  const steps: ImportStep[] = [];
  // a benchmark's own data folder, when the operator configured one (AlpsBench: ALPSBENCH_DATA_DIR)
  for (const benchmark of hostedBenchmarks()) {
    const atStart = benchmark.importAtStart?.() ?? null;
    if (atStart)
      steps.push({
        phase: `the ${benchmark.title} data (${atStart.source})`,
        readies: `the ${benchmark.title} data`,
        run: async () => {
          log(`import: ${await phase(`import (${atStart.source})`, () => atStart.run(importDb, log))}`);
        },
      });
  }
  const dataDirs = parseBenchmarkDirs(config.BENCHMARK_DATA_DIRS);
  if (dataDirs.length > 0)
    steps.push({
      phase: "the data of BENCHMARK_DATA_DIRS",
      readies: "the data of BENCHMARK_DATA_DIRS",
      run: async () => {
        for (const line of await importBenchmarkDirs(importDb, dataDirs, log)) log(`import: ${line}`);
      },
    });
  if (steps.length > 0)
    // a release of every benchmark whose data or scorer version changed since its last one (docs/releases.md)
    steps.push({
      phase: "releases of the imported data",
      readies: null,
      run: async () => {
        for (const cut of await cutChangedReleases(db)) log(releaseLine(cut));
      },
    });

  try {
    // The build needs no database: it runs beside the seed (each keeps a core busy).
    const built = dev ? Promise.resolve(0) : buildIfNeeded(log);
    // a failed data step must not leave the build's rejection unhandled
    built.catch(() => {});
    const seeded = await phase("seed (each benchmark's published figures and demo data)", () => seed(db));
    log(`seed: ${seeded.map((s) => `${s.benchmark}: ${s.seeded.join(", ")}`).join("; ")}`);
    if (steps.length === 0) for (const cut of await cutChangedReleases(db)) log(releaseLine(cut));
    // the banner is up before the first page is served; the import itself starts once the site is up
    else await setImportStatus(db, { phase: `${steps[0]?.phase ?? ""}: waiting for the build`, ready: "the published figures and the demo data are up" });
    if (!dev) log(steps.length > 0 ? "seed done; waiting for the build, then the site comes up and the import runs beside it" : "data ready; waiting for the build");
    await built;
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    await clearImportStatus(db).catch(() => {});
    await shutdown(1);
    return;
  }

  const childEnv = { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1", PORT: String(config.PORT) };
  // One process each (node + the tsx loader), so a signal reaches the server or worker itself, not a wrapper.
  const node =
    (script: string, args: string[] = []) =>
    () =>
      spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, stdio: "inherit", env: childEnv });
  children.push(supervise({ name: "web server", start: node("scripts/web.ts", dev ? ["--dev"] : []), log }));
  children.push(supervise({ name: "worker", start: node("scripts/worker.ts"), log }));
  log("web server and worker starting (each restarted if it dies)");
  const url = `http://${config.HOST}:${config.PORT}`;
  // the first page, rendered once now, so the newcomer who opens the address below does not wait for a cold render
  const warmUrl = `http://${["0.0.0.0", "::"].includes(config.HOST) ? "127.0.0.1" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT}/`;
  const warmed = await phase("first page (warmed once)", () => warmFirstPage(warmUrl, 120_000, () => stopping));
  if (stopping) return;
  if (!warmed.ok) log("first page: no answer within 120 s; the web server's lines above say why");
  for (const line of readyLines({ url, localSignIn: !config.EMAIL_SERVER && !config.AUTH_GITHUB_ID })) log(line);

  try {
    importing = steps.length > 0;
    if (importing) log("import: runs now while the site is up; every page shows a banner until it ends");
    await runImportSteps(db, steps);
    importing = false;
    if (stopping) return;
    // said once at start, as the form and the API say it: which module tracks cannot take an upload yet, and why
    for (const benchmark of hostedBenchmarks()) {
      const missing = ((await capabilitiesOf(benchmark).readiness(db))?.tracks ?? []).filter((t) => !t.ready);
      if (missing.length > 0)
        for (const line of notReadyLines(
          { ...benchmark, importHow: benchmark.trackData?.importHow },
          missing.map((t) => t.track),
        ))
          log(line);
    }
    if (steps.length > 0) log("import: done; the banner is gone and cached pages show the new data");
    await importDb.$disconnect();
  } catch (error) {
    importing = false;
    if (stopping) return;
    log(error instanceof Error ? error.message : String(error));
    await shutdown(1);
  }
}

main().catch((error: unknown) => {
  log(startupErrorText(error));
  process.exit(1);
});
