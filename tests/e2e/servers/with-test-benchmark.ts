#!/usr/bin/env tsx
/**
 * One of the site's own processes (`scripts/web.ts`, `scripts/worker.ts`) hosting a TEST-ONLY benchmark that no
 * platform file names: this wrapper registers it, then runs the script in the same process, unchanged.
 *
 *   HOSTED_SCRIPT=scripts/web.ts \
 *   TEST_BENCHMARK=tests/fixtures/pipeline-benchmark.ts#pipelineBenchmark TEST_BENCHMARK_ARGS='["duo-http",["alpha","beta"]]' \
 *   node --import tsx tests/e2e/servers/with-test-benchmark.ts
 *
 * TEST_BENCHMARK names a module (from the repository's root) and its export: a benchmark, or a function returning
 * one, called with TEST_BENCHMARK_ARGS (a JSON array). Why the web server sees it: Next's production build
 * bundles its own copy of lib/benchmarks/index.ts, a different module from the one loaded here, but both keep
 * run-time registrations on one `globalThis` symbol, and `next()` serves the bundles in this process. The worker
 * loads the same files as this wrapper, so it shares the registry outright.
 *
 * What a benchmark hosted this way must not rely on: `instanceof` against a platform class inside the web server
 * (the bundle's class is another copy than the one the benchmark imported; the worker has one copy of each).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import type { HostedBenchmark } from "../../../lib/benchmarks/types";

const ROOT = path.resolve(import.meta.dirname, "../../..");

const Settings = z.object({
  HOSTED_SCRIPT: z.enum(["scripts/web.ts", "scripts/worker.ts"]),
  TEST_BENCHMARK: z.string().regex(/^tests\/[\w/.-]+\.ts#\w+$/, "tests/<path>.ts#<export>"),
  TEST_BENCHMARK_ARGS: z.string().default("[]"),
});

async function main(): Promise<void> {
  const settings = Settings.parse(process.env);
  // Next puts AsyncLocalStorage on globalThis when its server starts; the registry's imports load Next modules that
  // need it at once, and here they load before scripts/web.ts starts Next (this is what Next itself installs)
  (globalThis as { AsyncLocalStorage?: typeof AsyncLocalStorage }).AsyncLocalStorage ??= AsyncLocalStorage;
  const { registerBenchmark } = await import("../../../lib/benchmarks");
  const [file, name] = settings.TEST_BENCHMARK.split("#") as [string, string];
  const exported: unknown = (await import(pathToFileURL(path.join(ROOT, file)).href))[name];
  if (exported === undefined) throw new Error(`${file} exports no "${name}"`);
  const args = z.array(z.unknown()).parse(JSON.parse(settings.TEST_BENCHMARK_ARGS));
  const benchmark = (typeof exported === "function" ? exported(...args) : exported) as HostedBenchmark;
  registerBenchmark(benchmark);
  process.stderr.write(`[with-test-benchmark ${process.pid}] hosting test benchmark "${benchmark.id}" in ${settings.HOSTED_SCRIPT}\n`);
  // the script starts itself on import, as `npm run web` / `npm run worker` run it
  await import(pathToFileURL(path.join(ROOT, settings.HOSTED_SCRIPT)).href);
}

main().catch((error: unknown) => {
  process.stderr.write(`[with-test-benchmark] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
