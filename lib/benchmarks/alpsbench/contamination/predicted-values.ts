import { createHash } from "node:crypto";
import { normalize, tokensOfNormalized } from "@/lib/benchmarks/alpsbench/scoring/normalize";
import { pythonJsonDumps } from "@/lib/benchmarks/alpsbench/scoring/python-repr";
import { skeleton } from "./skeleton";
import { record } from "@/lib/benchmarks/alpsbench/json-record";

/**
 * A value short enough to be said by anyone ("english", "student") proves nothing when it matches: only values
 * of at least this many tokens (after SCORING.md's normalisation) count for the contamination check.
 */
const MIN_TOKENS = 3;

/** Whether a value has at least MIN_TOKENS tokens after SCORING.md's normalisation. */
export function isLongValue(value: unknown): boolean {
  return tokensOfNormalized(normalize(value).trim()).length >= MIN_TOKENS;
}

/**
 * The skeleton (lib/benchmarks/alpsbench/contamination/skeleton.ts) of a value as the scorer reads it: a string as it is, anything else
 * as its JSON text (SCORING.md step 1), so `["<gold value>"]`, which the scorer matches like the string, is not
 * skipped (an array-wrapped copy of the gold scores F1 1.0 and must be flagged like the plain copy). Null for
 * a missing value or an empty skeleton.
 */
export function valueSkeleton(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = skeleton(typeof value === "string" ? value : pythonJsonDumps(value));
  return s.length > 0 ? s : null;
}

/** A short stable hash of a skeleton (16 hex of sha256): what is stored per submission and compared across them. */
export function valueHash(skeletonText: string): string {
  return createHash("sha256").update(`skeleton:${skeletonText}`, "utf8").digest("hex").slice(0, 16);
}

/**
 * The distinct skeletons of every `memory_items[].value` in Task 1 prediction rows (anything unreadable is
 * skipped), each with whether one of its values has MIN_TOKENS tokens. A shorter one still counts when it
 * contains a public value: removing the spaces of a copied value must not hide it (measureContamination).
 */
export function predictedSkeletons(rows: Iterable<unknown>): Map<string, boolean> {
  const skeletons = new Map<string, boolean>();
  for (const row of rows) {
    const items = record(row).memory_items;
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const value = record(item).value;
      const s = valueSkeleton(value);
      if (s !== null && skeletons.get(s) !== true) skeletons.set(s, isLongValue(value));
    }
  }
  return skeletons;
}
