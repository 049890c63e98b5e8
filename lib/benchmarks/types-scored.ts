import type { Tx } from "@/lib/db/create-client";

/**
 * Part of the benchmark contract (Benchmark.onScored): what a one-call benchmark keeps in its own tables of an upload
 * the platform's module worker has just scored (lib/worker/write-module-scores.ts), in the transaction that writes its
 * Score rows and status done, so the record and the figures are visible together (PersonalLLM: whether its evaluation
 * data was synthetic then). The platform never reads it back: the benchmark's own reads (its `loadView`) do.
 */
export type ScoredHook = (tx: Tx, submissionId: string) => Promise<void>;
