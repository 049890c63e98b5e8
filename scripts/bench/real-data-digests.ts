#!/usr/bin/env tsx
/**
 * The digests of AlpsBench's real-data outputs (boards in JSON and CSV, snapshots, the Every Eval Ever export, a
 * seed run's per-instance results and pack: tests/helpers/real-data-digests.ts), written to the file that
 * tests/e2e/real-data-digests.test.ts compares the e2e lane's server against:
 *   npx tsx scripts/bench/real-data-digests.ts [--base http://127.0.0.1:<port>] [--out tests/fixtures/real-data-digests.json] [--dump <dir>] [--keep]
 * Without --base it starts a site of its own as the e2e lane does (tests/e2e/global-setup.ts): a fresh embedded
 * database filled by the same function (tests/e2e/e2e-data.ts), the production build, scripts/web.ts. With --base
 * it reads a running site holding the same data. --dump also writes each output's raw bytes there (to diff two
 * runs). Regenerate the file only when a change is meant to alter an output (scripts/bench/README.md).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPrismaClient } from "@/lib/db/create-client";
import { freePort } from "@/lib/db/embedded-postgres";
import { buildIfNeeded, ROOT } from "../lib/next-build";
import { benchLog as log, spawnWebServer, stopGroups, waitFor } from "../lib/bench-server";
import { fillE2eDatabase } from "@/tests/e2e/e2e-data";
import { hasSharedData, SHARED_DATA_DIR } from "@/tests/shared-data";
import { createTestDatabase } from "@/tests/test-database";
import { DIGESTS_FILE, fetchOutputs, realDataDigests } from "@/tests/helpers/real-data-digests";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    out: { type: "string", default: DIGESTS_FILE },
    dump: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

async function digestsOf(base: string): Promise<Record<string, string>> {
  const started = performance.now();
  const outputs = await fetchOutputs(base);
  log(`fetched ${outputs.length} outputs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (values.dump) {
    mkdirSync(values.dump, { recursive: true });
    for (const { target, fetched } of outputs) writeFileSync(path.join(values.dump, target.name.replace(/[^a-z0-9.-]+/gi, "_")), fetched.bytes);
  }
  return realDataDigests(outputs, base);
}

function write(digests: Record<string, string>): void {
  writeFileSync(path.resolve(ROOT, values.out!), `${JSON.stringify(digests, null, 2)}\n`);
  log(`${Object.keys(digests).length} digests written to ${values.out}`);
}

if (values.base) write(await digestsOf(values.base));
else {
  if (!hasSharedData) throw new Error(`no real data at ${SHARED_DATA_DIR} (ALPSBENCH_DATA_DIR names another folder)`);
  const started = performance.now();
  const database = await createTestDatabase("bench-real-data-digests");
  const children = [];
  try {
    const db = createPrismaClient(database.url);
    await Promise.all([fillE2eDatabase(db, log).finally(() => db.$disconnect()), buildIfNeeded(log)]);
    log(`filled and built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const port = await freePort();
    children.push(spawnWebServer(port, database.url, { AUTH_SECRET: "real-data-digests-only-secret", RATE_LIMIT_API_PER_MINUTE: "1000000" }));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/v1/leaderboards/overview`, 120_000, 500);
    write(await digestsOf(base));
    if (values.keep) {
      log(`kept: ${base} on ${database.url}; Ctrl-C to stop`);
      await new Promise(() => {});
    }
  } finally {
    stopGroups(children);
    await database.dispose();
  }
}
