import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import RealDataLastSequencer from "./tests/real-data-last-sequencer";
import { sharesModules } from "./tests/shares-modules";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = { "@": root };

// The integration files split by whether they change the process (tests/shares-modules.ts): the others share one.
const integrationFiles = readdirSync(`${root}tests/integration`, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => `tests/integration/${file}`);
const sharedIntegration = integrationFiles.filter((file) => sharesModules(`${root}${file}`));
const integration = {
  environment: "node" as const,
  // route handlers import next-auth, whose ESM imports "next/server" without an extension: inlined, vite resolves it
  server: { deps: { inline: ["next-auth"] } },
  globalSetup: ["tests/global-setup.ts"],
  testTimeout: 120_000,
  hookTimeout: 300_000,
  fileParallelism: false,
};

// A project per layer (integration in two) so each can be run alone; `npm test` runs them all.
// The two integration projects share one real PostgreSQL (tests/global-setup.ts); e2e has its own.
export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/summary-reporter.ts"],
    // the files that read the real data run after the others of their project (while its image is being built)
    sequence: { sequencer: RealDataLastSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
          // a time-out catches a hang, not slowness: `npm test` runs these beside the e2e lane on two cores, where
          // a 1 s computation can take 10 (speed goals are checked by scripts/bench, not by time-outs)
          testTimeout: 30_000,
          // One worker process for every unit file instead of a fresh one per file: starting a process and
          // importing the modules again cost more CPU than most files' tests (no unit test mocks modules or
          // changes process.env, so nothing leaks from one file to the next).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Like unit: one process for every file that leaves the process as it found it. A fresh process per file
          // started node and imported the route handlers, Prisma and the benchmarks again, file after file.
          name: "integration",
          include: sharedIntegration,
          isolate: false,
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          // the files that mock a module or set an environment variable, each in a process of its own
          name: "integration-isolated",
          include: integrationFiles.filter((file) => !sharedIntegration.includes(file)),
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // one process for every file, as in unit: no e2e file changes the process (tests/lint/shares-modules.test.ts)
          isolate: false,
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          // expect.poll waits 1 s by default. In `npm test` the page's server, worker and Chromium share 2 cores
          // with the other lane, and a chart chunk fetched, parsed and drawn after a scroll took longer than that
          // (CI failed "charts load when scrolled into view", /tasks/task1). A poll's time-out catches a hang,
          // not slowness; speed goals are checked by scripts/bench.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
