import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The real AlpsBench data beside the project (../shared/data/alpsbench), or ALPSBENCH_DATA_DIR.
 * Tests that need it run whenever it exists and are required in CI (where ../shared is always present).
 */
export const SHARED_DATA_DIR = path.resolve(process.env.ALPSBENCH_DATA_DIR ?? path.join(import.meta.dirname, "../../shared/data/alpsbench"));
export const hasSharedData = existsSync(path.join(SHARED_DATA_DIR, "packets"));
/** true when a test that needs the real data must not be skipped */
export const requireSharedData = hasSharedData || process.env.CI === "true";
