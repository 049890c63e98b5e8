import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fetchOutputs, realDataDigests } from "../helpers/real-data-digests";

/** Where the bytes of every output the digests were taken from are kept, to diff when one differs. */
export const DIGESTED_BYTES_DIR = path.resolve(import.meta.dirname, "../../.tmp/real-data-digests-e2e");

/**
 * The real-data outputs' digests, taken by the e2e lane's global setup before the first test file runs
 * (tests/e2e/real-data-digests.test.ts compares them with the committed file). Taken later, in the lane, they
 * varied with what earlier files had done (CI: 11 of 67 differed): a PersonalLLM method run an earlier file
 * imports stands on its boards as `rescored`, as the server's own runs do, and AlpsBench's Task 1 and overview CSVs
 * differed too.
 */
export async function takeRealDataDigests(baseUrl: string): Promise<Record<string, string>> {
  const outputs = await fetchOutputs(baseUrl);
  rmSync(DIGESTED_BYTES_DIR, { recursive: true, force: true });
  mkdirSync(DIGESTED_BYTES_DIR, { recursive: true });
  for (const { target, fetched } of outputs) writeFileSync(path.join(DIGESTED_BYTES_DIR, target.name.replace(/[^a-z0-9.-]+/gi, "_")), fetched.bytes);
  return realDataDigests(outputs, baseUrl);
}
