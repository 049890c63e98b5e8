import { tokens } from "./normalize";

/**
 * BM25 baseline for Task 3: rank the candidates of one pool by BM25 of the
 * query against each candidate's value, pick the top one.
 *
 * Written here rather than with wink-bm25-text-search because every query
 * has its own small corpus (its 101–1001 candidates): wink builds one global
 * index per engine, refuses to consolidate fewer than 3 documents (it
 * throws), and has no documented tie order. This is ~40 lines, stateless,
 * never throws, and breaks ties like numpy's argmax (first candidate).
 *
 * Scoring follows rank_bm25's BM25Okapi, which the authors' baseline uses
 * (k1 = 1.5, b = 0.75, idf = ln((N − df + 0.5) / (df + 0.5)), negative idf
 * replaced by 0.25 × the mean idf, repeated query terms counted each time).
 * Tokens are our normalize() tokens minus a short English stop-word list;
 * unlike the authors we do not Porter-stem, so figures differ slightly.
 */
const K1 = 1.5;
const B = 0.75;
const EPSILON = 0.25;

const STOP = new Set(
  "a an and are as at be but by for from has have he her his i in is it its me my of on or our she so that the their them they this to was we were what when which who will with you your".split(
    " ",
  ),
);

export function bm25Tokens(text: unknown): string[] {
  return tokens(text).filter((t) => !STOP.has(t));
}

export interface Bm25Selection {
  selectedMemoryId: string | null;
  selectedIndex: number | null;
  score: number;
}

export function bm25Select(query: unknown, candidates: readonly { memory_id: string; value: unknown }[]): Bm25Selection {
  const n = candidates.length;
  if (n === 0) return { selectedMemoryId: null, selectedIndex: null, score: 0 };
  const docs = candidates.map((c) => bm25Tokens(c.value));
  const tf = docs.map((d) => {
    const m = new Map<string, number>();
    for (const t of d) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  });
  const df = new Map<string, number>();
  for (const m of tf) for (const t of m.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = new Map<string, number>();
  let idfSum = 0;
  const negative: string[] = [];
  for (const [t, f] of df) {
    const v = Math.log((n - f + 0.5) / (f + 0.5));
    idf.set(t, v);
    idfSum += v;
    if (v < 0) negative.push(t);
  }
  const floor = df.size ? (EPSILON * idfSum) / df.size : 0;
  for (const t of negative) idf.set(t, floor);
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / n || 1;

  const q = bm25Tokens(query);
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const m = tf[i]!;
    const norm = K1 * (1 - B + (B * docs[i]!.length) / avgdl);
    let s = 0;
    for (const t of q) {
      const f = m.get(t);
      if (f) s += (idf.get(t) ?? 0) * ((f * (K1 + 1)) / (f + norm));
    }
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return { selectedMemoryId: candidates[best]!.memory_id, selectedIndex: best, score: bestScore };
}

export interface Bm25BaselineRow {
  benchmarkId: string;
  size: number;
  selectedMemoryId: string | null;
  correct: boolean;
}

/** The BM25 baseline's selection for each pool (see buildTask3Pools), with whether it hit the gold id. */
export function bm25Baseline(
  pools: readonly { benchmarkId: string; size: number; query: string; candidates: readonly { memory_id: string; value: unknown }[]; goldCandidateId: string }[],
): Bm25BaselineRow[] {
  return pools.map((p) => {
    const sel = bm25Select(p.query, p.candidates);
    return { benchmarkId: p.benchmarkId, size: p.size, selectedMemoryId: sel.selectedMemoryId, correct: sel.selectedMemoryId === p.goldCandidateId };
  });
}
