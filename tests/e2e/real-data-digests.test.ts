import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { DIGESTS_FILE } from "../helpers/real-data-digests";
import { DIGESTED_BYTES_DIR } from "./real-data-digests-setup";

/**
 * Issue 37's guard: every real-data output (each board in JSON and CSV, the snapshots, the Every Eval Ever export,
 * two seed runs' per-instance results and packs) is byte for byte what tests/fixtures/real-data-digests.json says,
 * once what varies from run to run is left out (tests/helpers/real-data-digests.ts). The digests are taken by the
 * lane's global setup, before any file's uploads or imports (tests/e2e/real-data-digests-setup.ts). A change meant
 * to alter an output regenerates the file (scripts/bench/README.md).
 */
describe.runIf(inject("realDataImported"))("with the real AlpsBench data imported", () => {
  test("every output's digest is the committed one", () => {
    const committed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../..", DIGESTS_FILE), "utf8")) as Record<string, string>;
    const digests = inject("realDataDigests");
    expect(Object.keys(digests).length).toBeGreaterThan(50);
    const differing = [...new Set([...Object.keys(committed), ...Object.keys(digests)])]
      .filter((name) => committed[name] !== digests[name])
      .map((name) => `${name}: committed ${committed[name] ?? "(none)"}, now ${digests[name] ?? "(not fetched)"}`);
    // the bytes of every output, to diff against `scripts/bench/real-data-digests.ts --dump <dir>`
    if (differing.length > 0) differing.push(`(the bytes: ${DIGESTED_BYTES_DIR})`);
    expect(differing, "these outputs changed: regenerate the file only if the change was meant (scripts/bench/README.md)").toEqual([]);
  });
});
