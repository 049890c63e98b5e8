import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import RealDataLastSequencer from "./tests/real-data-last-sequencer";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = { "@": root };

// Three projects so each layer can be run alone; `npm test` runs them all.
// Integration and e2e share one real PostgreSQL started by tests/global-setup.ts.
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
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // route handlers import next-auth, whose ESM imports "next/server" without an extension: inlined, vite resolves it
          server: { deps: { inline: ["next-auth"] } },
          globalSetup: ["tests/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
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
