/**
 * The version AlpsBench's deterministic scores are stored under (pipeline/score-track.ts computes them). Bump it
 * whenever a number the scorer produces could change: scores are stored per version and re-scoring writes a new
 * one. A file of its own so that the benchmark's declaration (../index.ts), which every page and route loads,
 * names the version without loading the scorers.
 */
// 1.1.0: memory items that are not objects are dropped before scoring (lib/benchmarks/alpsbench/upload/validate-row.ts)
// 1.2.0: Task 3 ids compared without regard to case, a value-only pick counts, rows keyed by released ids (v4)
export const SCORER_VERSION = "det-1.2.0";

/** The version the figures transcribed from the paper and the official leaderboard are stored under (data/seeds). */
export const REPORTED_SCORE_VERSION = "reported";
