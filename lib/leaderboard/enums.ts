/*
 * The kinds of system and the result tiers, as plain lists: the browser's table reads them (filters, the packed
 * board, the URL) without loading zod, whose schemas (lib/leaderboard/types.ts) are built from these lists.
 */

/**
 * `baseline`: a reference row the server computes itself (empty prediction, copy-the-input, first or random
 * candidate, BM25): drawn where it lands, never ranked (lib/leaderboard/apply-table-query.ts). Uploads cannot
 * claim it (app/api/v1/submissions/_lib/upload-fields.ts lists the other three).
 */
export const SYSTEM_KINDS = ["general_llm", "memory_system", "retrieval_baseline", "baseline"] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

/**
 * A leaderboard row's kind: its system's. A module's reference rows (PersonalLLM's random and oracle picks) are
 * computed on the fly and carry `baseline` too, so one kind covers every reference row.
 */
export const ROW_KINDS = SYSTEM_KINDS;
export type RowKind = (typeof ROW_KINDS)[number];

/** See ResultTier in lib/leaderboard/types.ts for what each tier means. */
export const RESULT_TIERS = ["reported", "rescored", "submitted", "verified", "claimed"] as const;
export type ResultTier = (typeof RESULT_TIERS)[number];
