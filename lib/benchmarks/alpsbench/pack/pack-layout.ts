import { createHash } from "node:crypto";
import { stableStringify } from "@/lib/llm-judge/stable-json";

/**
 * Paths and canonical forms shared by the pack's writer (build-pack.ts, on the server) and its verifier
 * (verify-pack.ts, offline), so both sides hash and read the same bytes.
 */
export const trackFile = (track: string): string => track.replace(/\//g, "-");
export const resultsPath = (track: string) => `results/${trackFile(track)}.jsonl`;
export const judgePath = (track: string) => `judge/${trackFile(track)}.jsonl`;
export const goldPath = (track: string) => `gold/${trackFile(track)}.jsonl`;
export const seedPredictionsPath = (track: string) => `predictions/${trackFile(track)}.jsonl`;

/** The splits whose gold is public; test gold never leaves the server, not even hashed. */
export const PUBLIC_GOLD_SPLITS: readonly string[] = ["dev", "validation"];

/**
 * One line of results/<track>.jsonl, in the order the server aggregated (benchmark id order in the database):
 * the bootstrap's resamples depend on that order, so the verifier keeps it. A hidden test instance carries its id
 * and split only.
 */
export type ResultLine = { benchmark_id: string; split: string; metrics?: Record<string, unknown>; detail?: unknown };
/** One line of judge/<track>.jsonl: the stored verdict's figures (and the instance meta the aggregate reads). */
export type JudgeLine = { benchmark_id: string; split: string; metrics?: Record<string, unknown>; meta?: unknown; detail?: unknown };

/**
 * sha256 over the public gold of a track: one `[benchmark_id, gold]` sorted-key JSON line per instance, lines in
 * code-point order of the id (the database's collation may order ids otherwise; a hash must not depend on it).
 */
export function goldHash(entries: readonly { benchmarkId: string; gold: unknown }[]): string {
  const hash = createHash("sha256");
  const sorted = [...entries].sort((a, b) => (a.benchmarkId < b.benchmarkId ? -1 : a.benchmarkId > b.benchmarkId ? 1 : 0));
  for (const e of sorted) hash.update(`${stableStringify([e.benchmarkId, e.gold])}\n`);
  return hash.digest("hex");
}

export const BOOTSTRAP_METHOD = "percentile bootstrap over instances, mulberry32 seeded with `<seed>:<track>[:<split>]:<metric>`";
