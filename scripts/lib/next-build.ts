import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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

/** `next build` unless .next already holds a build of exactly these sources. Returns seconds spent. */
export function buildIfNeeded(log: (line: string) => void): number {
  const stamp = path.join(ROOT, ".next", "alpsbench-source-hash");
  const current = sourceHash();
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === current) {
    log("build is up to date");
    return 0;
  }
  log("building (next build)…");
  const started = Date.now();
  const result = spawnSync("npx", ["--no-install", "next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed (see the output above)");
  writeFileSync(stamp, current);
  const seconds = (Date.now() - started) / 1000;
  log(`built in ${seconds.toFixed(1)} s`);
  return seconds;
}
