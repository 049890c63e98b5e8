import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

/**
 * `npm test` on a signal (issue 36 item 7): scripts/test.ts runs lanes of a tiny vitest target of its own. Its
 * first run starts a detached "server" (a group of its own, as the e2e setup starts the web server) and then waits
 * forever; the same lane's second run would write a file. One SIGTERM must end both, start nothing more, print
 * "interrupted" and exit non-zero.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "test-signals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("one SIGTERM ends every lane and the server it started, starts no next run, and says interrupted", { timeout: 120_000 }, async () => {
  const pids = path.join(dir, "pids.json");
  const second = path.join(dir, "second-ran");
  // globals: the target lives outside the repository, where `import "vitest"` would not resolve
  writeFileSync(path.join(dir, "vitest.config.mjs"), "export default { test: { globals: true, testTimeout: 0 } };\n");
  writeFileSync(
    path.join(dir, "hang.test.mjs"),
    `import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
test("starts a server and hangs", async () => {
  const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" });
  writeFileSync(${JSON.stringify(pids)}, JSON.stringify({ vitest: process.pid, server: server.pid }));
  await new Promise(() => {});
});
`,
  );
  writeFileSync(
    path.join(dir, "second.test.mjs"),
    `import { writeFileSync } from "node:fs";\ntest("second", () => writeFileSync(${JSON.stringify(second)}, "ran"));\n`,
  );
  const run = (file: string) => ["--root", dir, "--config", path.join(dir, "vitest.config.mjs"), file];
  const lanes = [{ name: "tiny", runs: [run("hang.test.mjs"), run("second.test.mjs")] }];

  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/test.ts")], {
    cwd: ROOT,
    env: { ...process.env, ALPSBENCH_TEST_LANES: JSON.stringify(lanes) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  await until(() => existsSync(pids), "the hanging test's server");
  const { vitest, server } = JSON.parse(readFileSync(pids, "utf8")) as { vitest: number; server: number };
  expect(alive(server)).toBe(true);
  child.kill("SIGTERM");
  const code = await exited;

  expect(output).toContain("Tests: interrupted (SIGTERM)");
  expect(output).not.toMatch(/Tests: \d+ passed/);
  expect(code).toBe(143);
  // nothing left: not the vitest worker, not the detached server; and the lane's next run never started
  expect(alive(vitest)).toBe(false);
  expect(alive(server)).toBe(false);
  expect(existsSync(second)).toBe(false);
});
