import type { Tx } from "@/lib/db/create-client";

/**
 * Part of the benchmark contract (BenchmarkIdentity.onRescore): what a benchmark does to its own tables when the
 * platform re-queues uploads for a new scoring (lib/submissions/queue-rescores.ts), in the same transaction, so
 * what it kept of the last scoring (AlpsBench: the judge's call counts) starts again with the new one.
 */
export type RescoreHook = (tx: Tx, submissionIds: readonly string[]) => Promise<void>;
