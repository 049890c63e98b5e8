#!/usr/bin/env tsx
/**
 * `npm test`: every test, in two lanes that run at the same time, then one closing line
 * "Tests: N passed, N failed[, N skipped]" for both (the line CI reads).
 *
 * Why not one `vitest run`: the integration and e2e projects must each run one file at a time (they share a
 * database and a server), and vitest puts every such project into ONE sequential group, so on this 2-core
 * machine all of them ran one file after another (vitest's default is cores - 1 = 1 worker): the integration
 * files waited for the e2e files, which mostly wait on their server, worker and browser. Two vitest processes
 * keep each project serial inside while the lanes overlap:
 *   lane 1: integration (its own embedded PostgreSQL), then unit
 *   lane 2: e2e (its own PostgreSQL, real-data import, production build, web server, worker, Chromium)
 *
 * `npm test -- <vitest arguments>` (a file, `--project e2e`, …) runs one plain `vitest run` with them instead.
 *
 * Before the e2e lane (a whole run, or arguments that name e2e): its Chromium, installed when missing and this user
 * may, else the run stops at once with the command to run (scripts/lib/chromium-setup.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { SUMMARY_FILE_ENV } from "../tests/summary-reporter";
import { combineLanes, LaneSummary, type LaneResult } from "./lib/test-lanes";
import { chromiumPlan } from "./lib/chromium-setup";

const ROOT = path.resolve(import.meta.dirname, "..");
const VITEST = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");

/**
 * Each lane runs its vitest invocations one after another. Integration goes before unit: the e2e lane's first
 * two minutes (real-data import and `next build`) keep both cores busy, and integration tests have minutes of
 * time-out where many unit tests have vitest's 5 s.
 */
const LANES = [
  {
    name: "integration, then unit",
    runs: [
      ["--project", "integration"],
      ["--project", "unit"],
    ],
  },
  { name: "e2e", runs: [["--project", "e2e"]] },
] as const;

const children = new Set<ReturnType<typeof spawn>>();

/** `lanes`: output read a whole line at a time, so two lanes never mix inside a line; otherwise vitest's own terminal */
function runVitest(args: readonly string[], env: NodeJS.ProcessEnv, lanes: boolean): Promise<number> {
  const child = spawn(process.execPath, [VITEST, "run", ...args], { cwd: ROOT, env, stdio: lanes ? ["ignore", "pipe", "pipe"] : "inherit" });
  children.add(child);
  if (lanes) {
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => process.stdout.write(`${line}\n`));
    createInterface({ input: child.stderr!, crlfDelay: Infinity }).on("line", (line) => process.stderr.write(`${line}\n`));
  }
  return new Promise((resolve) => {
    child.once("error", (error) => {
      process.stderr.write(`could not start vitest: ${error.message}\n`);
      resolve(1);
    });
    child.once("close", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function readSummary(file: string): LaneSummary | null {
  try {
    return LaneSummary.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}

/** The e2e lane's browser, before any lane starts (scripts/lib/chromium-setup.ts): false when the run must stop. */
function ensureChromium(): boolean {
  const plan = chromiumPlan({
    configuredPath: process.env.CHROMIUM_PATH,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0,
  });
  if (plan.action === "ready") return true;
  if (plan.action === "stop") {
    process.stderr.write(`[test] ${plan.message}\n`);
    return false;
  }
  process.stdout.write(`[test] Chromium is missing at ${plan.path}: installing Debian's chromium (as .ci/run does)\n`);
  for (const [command, ...args] of plan.commands) {
    const result = spawnSync(command!, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) {
      process.stderr.write(`[test] ${[command, ...args].join(" ")} failed (exit ${result.status ?? result.signal}); install chromium, then run npm test again\n`);
      return false;
    }
  }
  return existsSync(plan.path);
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  // a run of chosen files needs the browser only when it may reach the e2e project
  const e2e = extra.length === 0 || extra.some((arg) => arg.includes("e2e"));
  if (e2e && !ensureChromium()) return 1;
  if (extra.length > 0) return runVitest(extra, process.env, false);

  const dir = mkdtempSync(path.join(tmpdir(), "alpsbench-test-lanes-"));
  const started = Date.now();
  try {
    const results = await Promise.all(
      LANES.flatMap((lane, laneIndex) => {
        // one promise per lane; its runs in order, each result reported as it ends
        const results: Promise<LaneResult>[] = [];
        let previous: Promise<unknown> = Promise.resolve();
        lane.runs.forEach((args, runIndex) => {
          const result = previous.then(async () => {
            const file = path.join(dir, `${laneIndex}-${runIndex}.json`);
            const code = await runVitest(args, { ...process.env, [SUMMARY_FILE_ENV]: file }, true);
            const summary = readSummary(file);
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            process.stdout.write(
              `[test] ${args.join(" ")} (lane ${lane.name}) ended after ${seconds} s: exit ${code}` +
                (summary ? ` (passed ${summary.passed}, failed ${summary.failed}, skipped ${summary.skipped})` : " (it wrote no summary)") +
                "\n",
            );
            return { code, summary };
          });
          results.push(result);
          previous = result;
        });
        return results;
      }),
    );
    const { line, code } = combineLanes(results);
    process.stdout.write(`\n${line}\n`);
    return code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
