import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The files of a real-data image's folder (tests/real-data-image.ts), apart so that scripts/test.ts, which starts the
 * image's build and removes it, loads no database code.
 */
export const IMAGE_ENV = "ALPSBENCH_TEST_REAL_DATA_IMAGE";
export const READY = "ready.json";
export const FAILED = "failed.txt";

export type Ready = { dataDir: string };

/** The image's cluster directory, from its `ready.json`. */
export const readReady = (folder: string) => (JSON.parse(readFileSync(path.join(folder, READY), "utf8")) as Ready).dataDir;

/** Marks the image in `folder` as failed (`reason`), unless it is ready: whoever waits for it stops at once. */
export function markImageFailed(folder: string, reason: string): void {
  mkdirSync(folder, { recursive: true });
  if (!existsSync(path.join(folder, READY))) writeFileSync(path.join(folder, FAILED), reason);
}

/** Removes the image in `folder` and its cluster (which, as root, may live under /var/tmp: placeForPostgresUser). */
export function removeRealDataImage(folder: string): void {
  if (existsSync(path.join(folder, READY))) rmSync(readReady(folder), { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
}
