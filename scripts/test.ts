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
 *   lane 2: e2e (its own PostgreSQL, production build, web server, worker, Chromium)
 * and beside them the run's real-data image (tests/real-data-image.ts): the real data imported once into a stopped
 * cluster that the e2e lane's database and each integration file that reads the real data start from as a copy.
 *
 * `npm test -- <vitest arguments>` (a file, `--project e2e`, …) runs one plain `vitest run` with them instead.
 *
 * Before the e2e lane (a whole run, or arguments that name e2e): its Chromium, installed when missing and this user
 * may, else the run stops at once with the command to run (scripts/lib/chromium-setup.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { SUMMARY_FILE_ENV } from "../tests/summary-reporter";
import { combineLanes, LaneSummary, type LaneResult } from "./lib/test-lanes";
import { chromiumPlan } from "./lib/chromium-setup";
import { groupsBelow, processTable, signalGroup } from "./lib/process-tree";
import { IMAGE_ENV, markImageFailed, removeRealDataImage } from "../tests/real-data-image-folder";

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
      ["--project", "integration", "--project", "integration-isolated"],
      ["--project", "unit"],
    ],
  },
  { name: "e2e", runs: [["--project", "e2e"]] },
] as const;

/** The signal test (scripts/test-signals.test.ts) runs lanes of its own: a JSON list of `{ name, runs }`. */
const LANES_ENV = "ALPSBENCH_TEST_LANES";
type Lane = { name: string; runs: readonly (readonly string[])[] };
const lanesOf = (): readonly Lane[] => (process.env[LANES_ENV] ? (JSON.parse(process.env[LANES_ENV]) as Lane[]) : LANES);

/**
 * Stopping: the first SIGINT (Ctrl-C) or SIGTERM ends the whole run. No vitest starts after it; every vitest
 * this script started and every process below it (a lane's PostgreSQL, the e2e lane's web server and worker, each
 * started `detached`, in a group of its own) gets SIGTERM, group by group, and SIGKILL if it is still there after
 * STOP_GRACE_MS or at a second signal. Then one line "Tests: interrupted (SIGTERM)" and exit 128 + the signal's
 * number. A run that goes on past ALPSBENCH_TEST_RUN_MINUTES (a hang: the whole-tree lint tests have no per-test
 * time-out, tests/lint/whole-tree.ts) is stopped the same way.
 */
const STOP_GRACE_MS = 10_000;
const RUN_MINUTES = Number(process.env.ALPSBENCH_TEST_RUN_MINUTES ?? 180);
const EXIT_OF: Record<string, number> = { SIGINT: 130, SIGTERM: 143, timeout: 124 };

const children = new Set<ChildProcess>();
/** every process group seen below a child, ended together on a stop */
const groups = new Set<number>();
let stopping: { reason: string; done: Promise<void> } | null = null;

function ownGroup(table: ReturnType<typeof processTable>): number {
  return table.find((e) => e.pid === process.pid)?.pgid ?? process.pid;
}

/** Notes every group below the running children (they may start servers while they wind down). */
function collectGroups(): void {
  const table = processTable();
  for (const child of children) if (child.pid) groups.add(child.pid); // detached: its pid is its group
  for (const group of groupsBelow(
    table,
    [...children].flatMap((c) => (c.pid ? [c.pid] : [])),
    ownGroup(table),
  ))
    groups.add(group);
}

const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

function stop(reason: string): void {
  if (stopping) {
    // a second signal: no more waiting
    collectGroups();
    for (const group of groups) signalGroup(group, "SIGKILL");
    return;
  }
  process.stdout.write(
    `\n[test] ${reason === "timeout" ? `still running after ${RUN_MINUTES} minutes (a hang?)` : reason}: ending every lane and every process it started\n`,
  );
  collectGroups();
  for (const group of groups) signalGroup(group, "SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  const done = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      collectGroups();
      const alive = [...groups].filter(groupAlive);
      if (alive.length === 0 && children.size === 0) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() > deadline) {
        for (const group of alive) signalGroup(group, "SIGKILL");
      }
    }, 200);
  });
  stopping = { reason, done };
}

/** `lanes`: output read a whole line at a time, so two lanes never mix inside a line; otherwise vitest's own terminal */
function runVitest(args: readonly string[], env: NodeJS.ProcessEnv, lanes: boolean): Promise<number> {
  return runChild("vitest", [VITEST, "run", ...args], env, lanes);
}

/**
 * The run's real-data image, built in `folder` beside the lanes (which wait for it: IMAGE_ENV). A build that ends
 * without one (a crash, a signal) marks it failed, so no lane waits for it in vain.
 */
function buildImage(folder: string): { done: Promise<number>; stop: () => void } {
  let child: ChildProcess | null = null;
  const done = runChild(
    "the real-data image's build",
    ["--import", "tsx", path.join(ROOT, "tests", "real-data-image.ts"), folder],
    process.env,
    true,
    (c) => (child = c),
  ).then((code) => {
    if (code !== 0) markImageFailed(folder, `its build (tsx tests/real-data-image.ts) exited with ${code}: see its [real-data image] lines`);
    return code;
  });
  return {
    done,
    stop: () => {
      const running = child as ChildProcess | null;
      if (running?.pid && running.exitCode === null && running.signalCode === null) signalGroup(running.pid, "SIGTERM");
    },
  };
}

function runChild(name: string, args: readonly string[], env: NodeJS.ProcessEnv, lanes: boolean, onSpawn?: (child: ChildProcess) => void): Promise<number> {
  // after a signal nothing new starts
  if (stopping) return Promise.resolve(1);
  // detached: a group of its own, so a stop ends it and its workers whole (Ctrl-C reaches it through stop())
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: lanes ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  onSpawn?.(child);
  if (lanes) {
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => process.stdout.write(`${line}\n`));
    createInterface({ input: child.stderr!, crlfDelay: Infinity }).on("line", (line) => process.stderr.write(`${line}\n`));
  }
  return new Promise((resolve) => {
    child.once("error", (error) => {
      children.delete(child);
      process.stderr.write(`could not start ${name}: ${error.message}\n`);
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
  const e2e = (extra.length === 0 && !process.env[LANES_ENV]) || extra.some((arg) => arg.includes("e2e"));
  if (e2e && !ensureChromium()) return 1;
  if (extra.length > 0) return finish(await runVitest(extra, process.env, false), null);

  const dir = mkdtempSync(path.join(tmpdir(), "alpsbench-test-lanes-"));
  const started = Date.now();
  // the lanes of a whole run share one real-data image; the signal test's own lanes need none
  const imageFolder = process.env[LANES_ENV] ? null : path.join(ROOT, ".tmp", `test-real-data-image-${process.pid}`);
  const image = imageFolder ? buildImage(imageFolder) : null;
  const laneEnv = imageFolder ? { ...process.env, [IMAGE_ENV]: imageFolder } : process.env;
  try {
    const results = await Promise.all(
      lanesOf().flatMap((lane, laneIndex) => {
        // one promise per lane; its runs in order, each result reported as it ends
        const results: Promise<LaneResult>[] = [];
        let previous: Promise<unknown> = Promise.resolve();
        lane.runs.forEach((args, runIndex) => {
          const result = previous.then(async (): Promise<LaneResult> => {
            if (stopping) return { code: 1, summary: null };
            const file = path.join(dir, `${laneIndex}-${runIndex}.json`);
            const code = await runVitest(args, { ...laneEnv, [SUMMARY_FILE_ENV]: file }, true);
            if (stopping) return { code, summary: null };
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
    // lanes that failed before they asked for the image leave its build running: it ends with the run
    if (image) {
      image.stop();
      await image.done;
    }
    return finish(null, combineLanes(results));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (imageFolder) removeRealDataImage(imageFolder);
  }
}

/**
 * The run's end: after a stop, once every process is gone, "Tests: interrupted" (a partial count would read as a
 * result); else the lanes' line, or the one vitest's own exit code (it printed its own line).
 */
async function finish(single: number | null, lanes: { line: string; code: number } | null): Promise<number> {
  if (stopping) {
    await stopping.done;
    process.stdout.write(`\nTests: interrupted (${stopping.reason === "timeout" ? `after ${RUN_MINUTES} minutes` : stopping.reason})\n`);
    return EXIT_OF[stopping.reason] ?? 1;
  }
  if (lanes) process.stdout.write(`\n${lanes.line}\n`);
  return lanes ? lanes.code : single!;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));
setTimeout(() => stop("timeout"), RUN_MINUTES * 60_000).unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
