import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { isRouteTableLine } from "./start-messages";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A hash of everything `next build` reads, so a restart skips the build when nothing changed. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith(".test.ts")) hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ["app", "components", "lib", "public", "prisma"]) if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  for (const file of ["package-lock.json", "next.config.ts", "tsconfig.json", "postcss.config.mjs", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts"]) {
    if (existsSync(path.join(ROOT, file))) hash.update(file).update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest("hex");
}

/**
 * `next build` unless .next already holds a build of exactly these sources. Resolves to the seconds spent.
 * Asynchronous (a child process, not spawnSync) so a caller can build while it imports data: the two use
 * different cores, and the build needs no database (`npm start` and the e2e setup overlap them).
 */
export async function buildIfNeeded(log: (line: string) => void): Promise<number> {
  const stamp = path.join(ROOT, ".next", "alpsbench-source-hash");
  const current = sourceHash();
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === current) {
    log("build is up to date");
    return 0;
  }
  log("building (next build)…");
  const started = Date.now();
  // Its output goes through `log`, a line at a time, so it reads apart from the import's progress beside it.
  const child = spawn("npx", ["--no-install", "next", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  // next build is silent for minutes while it compiles and type-checks: say which step it is in, with the time
  let step = "compiling";
  let stepStarted = started;
  const elapsed = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (line.trim() === "" || isRouteTableLine(line)) return;
      log(`next build: ${line}`);
      const next = /Running TypeScript/i.test(line) ? "typecheck" : /Collecting page data|Generating static pages/i.test(line) ? "pages" : null;
      if (next && next !== step) {
        log(`build: ${step} done in ${elapsed(stepStarted)}; now ${next}`);
        step = next;
        stepStarted = Date.now();
      }
    });
  }
  const heartbeat = setInterval(() => log(`build: still ${step} (${elapsed(stepStarted)} in this step, ${elapsed(started)} in all)`), 30_000);
  heartbeat.unref();
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    // "close", not "exit": the last lines of its output are read before the result is
    child.once("close", (status) => resolve(status));
  });
  clearInterval(heartbeat);
  if (code !== 0) throw new Error("next build failed (see the output above)");
  writeFileSync(stamp, current);
  const seconds = (Date.now() - started) / 1000;
  log(`built in ${seconds.toFixed(1)} s`);
  return seconds;
}
