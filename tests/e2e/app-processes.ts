import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The site's own processes (`scripts/web.ts`, `scripts/worker.ts`, `scripts/start.ts`) started by an e2e file that
 * needs a server configured differently from the shared one of tests/e2e/global-setup.ts (a database of its own,
 * other limits, no sign-in method). Their output is kept, so a test can read what they log.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Proc = { name: string; child: ChildProcess; output: string[]; exited: Promise<number | null> };

/** Starts `script` (relative to the repository) as `npm run …` does; an empty value in `env` unsets that variable. */
export function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, script)], {
    cwd: ROOT,
    env: Object.fromEntries(
      Object.entries({ ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env }).filter(([, value]) => value !== "" && value !== undefined),
    ) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    // its own process group, so killGroup reaches its children too
    detached: true,
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { name, child, output, exited };
}

export function killGroup(proc: Proc, signal: NodeJS.Signals): void {
  try {
    if (proc.child.pid) process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills the processes' groups and waits until each has exited. */
export async function stopAll(procs: readonly Proc[]): Promise<void> {
  for (const proc of procs) killGroup(proc, "SIGKILL");
  await Promise.all(procs.map((p) => (p.child.exitCode === null && p.child.signalCode === null ? p.exited : null)));
}

/** Polls `probe` until it gives a value (null, false and a throw mean "not yet"). */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until a web server answers a page (not the API, whose requests rate-limit tests count); its last lines on failure. */
export async function waitForWeb(proc: Proc, baseUrl: string): Promise<void> {
  const outcome = await waitFor(
    `${proc.name} to answer`,
    async () => (proc.child.exitCode !== null ? "exited" : (await fetch(`${baseUrl}/signin`)).status === 200 && "up"),
    120_000,
    300,
  ).catch((error: unknown) => `${String(error)}`);
  if (outcome !== "up") throw new Error(`${proc.name}: ${outcome}\n${proc.output.slice(-20).join("\n")}`);
}
