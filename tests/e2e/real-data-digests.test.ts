import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { DIGESTS_FILE, fetchOutputs, realDataDigests } from "../helpers/real-data-digests";

const baseUrl = inject("baseUrl");

/**
 * Issue 37's guard: every real-data output (each board in JSON and CSV, the snapshots, the Every Eval Ever export,
 * two seed runs' per-instance results and packs) is byte for byte what tests/fixtures/real-data-digests.json says,
 * once what varies from run to run is left out (tests/helpers/real-data-digests.ts): other e2e files' uploads
 * included, whichever ran before this one. A change meant to alter an output regenerates the file
 * (scripts/bench/README.md).
 */
describe.runIf(inject("realDataImported"))("with the real AlpsBench data imported", () => {
  test("every output's digest is the committed one", async () => {
    const committed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../..", DIGESTS_FILE), "utf8")) as Record<string, string>;
    const outputs = await fetchOutputs(baseUrl);
    const digests = realDataDigests(outputs, baseUrl);
    // what the digests left out of the boards: the uploads earlier files made (none when this file runs alone)
    const uploads = outputs
      .filter((o) => o.target.kind === "json" && o.target.name.startsWith("board ") && o.fetched.status === 200)
      .flatMap((o) => (JSON.parse(new TextDecoder().decode(o.fetched.bytes)) as { rows: { tier: string }[] }).rows)
      .filter((row) => row.tier !== "reported" && row.tier !== "rescored").length;
    console.info(`real-data digests: ${outputs.length} outputs; ${uploads} board rows of uploads left out`);
    const differing = [...new Set([...Object.keys(committed), ...Object.keys(digests)])]
      .filter((name) => committed[name] !== digests[name])
      .map((name) => `${name}: committed ${committed[name] ?? "(none)"}, now ${digests[name] ?? "(not fetched)"}`);
    // the bytes of each output that differs, to diff against `scripts/bench/real-data-digests.ts --dump <dir>`
    if (differing.length > 0) {
      const dir = path.resolve(import.meta.dirname, "../../.tmp/real-data-digests-e2e");
      mkdirSync(dir, { recursive: true });
      for (const { target, fetched } of outputs)
        if (committed[target.name] !== digests[target.name]) writeFileSync(path.join(dir, target.name.replace(/[^a-z0-9.-]+/gi, "_")), fetched.bytes);
      differing.push(`(their bytes: ${dir})`);
    }
    expect(differing, "these outputs changed: regenerate the file only if the change was meant (scripts/bench/README.md)").toEqual([]);
  }, 180_000);
});
