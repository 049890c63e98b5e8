import { normalize, tokensOfNormalized } from "./normalize";
import { pythonTruthy } from "./python-truthy";
import { prepareSequence, ratioPrepared, toCodePoints, type PreparedSequence } from "./sequence-matcher-ratio";

// The authors blend token overlap (robust to reordering) with character
// similarity (robust to small edits): 0.6·Jaccard + 0.4·charRatio.
const TOKEN_WEIGHT = 0.6;
const CHAR_WEIGHT = 1.0 - TOKEN_WEIGHT; // computed as the authors do, not written as 0.4

/** A value prepared once and compared against many others. */
export interface PreparedValue {
  /** Python truthiness of the raw value: a falsy value ("", null, 0, [], {}) scores 0 */
  readonly present: boolean;
  readonly normalized: string;
  readonly tokenSet: ReadonlySet<string>;
  readonly codes: Int32Array;
  /** b-side index for SequenceMatcher, built lazily (only prediction-side values need it) */
  seq: PreparedSequence | null;
}

export function prepareValue(raw: unknown): PreparedValue {
  const normalized = normalize(raw);
  return {
    present: pythonTruthy(raw),
    normalized,
    tokenSet: new Set(tokensOfNormalized(normalized)),
    codes: toCodePoints(normalized),
    seq: null,
  };
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0.0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) inter++;
  const union = a.size + b.size - inter;
  return union ? inter / union : 0.0;
}

/**
 * Value similarity (SCORING.md step 3) of prepared values (prepareValue): 0 if either raw value is empty
 * (Python-falsy), else 0.6·Jaccard(token sets) + 0.4·SequenceMatcher ratio of
 * the normalised texts. Order matters only through SequenceMatcher's
 * autojunk, which looks at the second argument: `a` is the gold side (SequenceMatcher's a).
 */
export function valueSimilarityPrepared(a: PreparedValue, b: PreparedValue): number {
  if (!a.present || !b.present) return 0.0;
  const tokenScore = jaccard(a.tokenSet, b.tokenSet);
  if (b.seq === null) b.seq = prepareSequence(b.codes);
  const charScore = ratioPrepared(a.codes, b.seq);
  return TOKEN_WEIGHT * tokenScore + CHAR_WEIGHT * charScore;
}

/**
 * An upper bound on valueSimilarityPrepared that skips SequenceMatcher: the
 * ratio can never exceed 2·min(|a|, |b|) / (|a| + |b|) (difflib's
 * real_quick_ratio), because at most min(|a|, |b|) characters can match.
 */
export function valueSimilarityUpperBound(a: PreparedValue, b: PreparedValue): number {
  if (!a.present || !b.present) return 0.0;
  const la = a.codes.length;
  const lb = b.codes.length;
  const quick = la + lb ? (2.0 * Math.min(la, lb)) / (la + lb) : 1.0;
  return TOKEN_WEIGHT * jaccard(a.tokenSet, b.tokenSet) + CHAR_WEIGHT * quick;
}
