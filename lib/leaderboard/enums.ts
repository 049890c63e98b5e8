/*
 * The kinds of system and the result tiers, as plain lists: the browser's table reads them (filters, the packed
 * board, the URL) without loading zod, whose schemas (lib/leaderboard/types.ts) are built from these lists.
 */

export const SYSTEM_KINDS = ["general_llm", "memory_system", "retrieval_baseline"] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

/**
 * A leaderboard row's kind: a system's, or `baseline`, a reference row the server computes (a trivial or oracle
 * method) drawn beside the ranked rows and never ranked. Not a kind of stored system.
 */
export const ROW_KINDS = [...SYSTEM_KINDS, "baseline"] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** See ResultTier in lib/leaderboard/types.ts for what each tier means. */
export const RESULT_TIERS = ["reported", "rescored", "submitted", "verified"] as const;
export type ResultTier = (typeof RESULT_TIERS)[number];
