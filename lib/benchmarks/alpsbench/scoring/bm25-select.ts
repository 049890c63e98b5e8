import { tokens } from "./normalize";

/**
 * BM25 baseline for Task 3: rank the candidates of one pool by BM25 of the
 * query against each candidate's value, pick the top one.
 *
 * Written here rather than with wink-bm25-text-search because every query
 * has its own small corpus (its 101–1001 candidates): wink builds one global
 * index per engine, refuses to consolidate fewer than 3 documents (it
 * throws), and has no documented tie order. This is small, never throws,
 * and breaks ties like numpy's argmax (first candidate wins).
 *
 * Scoring follows rank_bm25's BM25Okapi, which the authors' baseline uses:
 * k1 = 1.5, b = 0.75, idf = ln((N − df + 0.5) / (df + 0.5)) with negative
 * idf replaced by 0.25 × the mean idf over the pool's vocabulary, and a
 * query term that repeats counts each time. Tokens are our normalize()
 * tokens minus a short English stop-word list; unlike the authors (NLTK
 * tokenizer + Porter stemmer) we do not stem, so figures differ.
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

interface Doc {
  /** distinct token ids and their counts */
  ids: Int32Array;
  tfs: Int32Array;
  length: number;
}

/**
 * Token interning and per-value documents, shared by all pools scored in
 * one call: pools drawn from the same memories repeat the same values.
 */
class Bm25Workspace {
  private vocab = new Map<string, number>();
  private docs = new Map<string, Doc>();
  df = new Int32Array(1024);
  qmul = new Float64Array(1024);
  idf = new Float64Array(1024);

  id(token: string): number {
    let id = this.vocab.get(token);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(token, id);
      if (id >= this.df.length) {
        const grow = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
          const b = make(a.length * 2);
          b.set(a);
          return b;
        };
        this.df = grow(this.df, (n) => new Int32Array(n));
        this.qmul = grow(this.qmul, (n) => new Float64Array(n));
        this.idf = grow(this.idf, (n) => new Float64Array(n));
      }
    }
    return id;
  }

  doc(value: unknown): Doc {
    const key = typeof value === "string" ? value : null;
    const hit = key === null ? undefined : this.docs.get(key);
    if (hit) return hit;
    const toks = bm25Tokens(value);
    const counts = new Map<number, number>();
    for (const t of toks) {
      const id = this.id(t);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const doc: Doc = { ids: Int32Array.from(counts.keys()), tfs: Int32Array.from(counts.values()), length: toks.length };
    if (key !== null) this.docs.set(key, doc);
    return doc;
  }
}

interface Bm25Selection {
  selectedMemoryId: string | null;
  selectedIndex: number | null;
  score: number;
}

function select(ws: Bm25Workspace, query: unknown, candidates: readonly { memory_id: string; value: unknown }[]): Bm25Selection {
  if (candidates.length === 0) return { selectedMemoryId: null, selectedIndex: null, score: 0 };
  const { index, score } = selectDocs(
    ws,
    query,
    candidates.map((c) => ws.doc(c.value)),
  );
  return { selectedMemoryId: candidates[index]!.memory_id, selectedIndex: index, score };
}

/** The BM25 arithmetic over one pool's documents (in candidate order); the first best index wins. */
function selectDocs(ws: Bm25Workspace, query: unknown, docs: readonly Doc[]): { index: number; score: number } {
  const n = docs.length;
  const touched: number[] = [];
  let totalLength = 0;
  for (const d of docs) {
    totalLength += d.length;
    for (const id of d.ids) if (ws.df[id]!++ === 0) touched.push(id);
  }
  let idfSum = 0;
  for (const id of touched) {
    const f = ws.df[id]!;
    const v = Math.log((n - f + 0.5) / (f + 0.5));
    ws.idf[id] = v;
    idfSum += v;
  }
  const floor = touched.length ? (EPSILON * idfSum) / touched.length : 0;
  for (const id of touched) if (ws.idf[id]! < 0) ws.idf[id] = floor;
  const avgdl = totalLength / n || 1;

  const qids: number[] = [];
  for (const t of bm25Tokens(query)) {
    const id = ws.id(t);
    if (ws.qmul[id]! === 0) qids.push(id);
    ws.qmul[id] = ws.qmul[id]! + 1;
  }
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = docs[i]!;
    const norm = K1 * (1 - B + (B * d.length) / avgdl);
    let s = 0;
    for (let k = 0; k < d.ids.length; k++) {
      const id = d.ids[k]!;
      const m = ws.qmul[id]!;
      if (m === 0) continue;
      const f = d.tfs[k]!;
      s += m * ws.idf[id]! * ((f * (K1 + 1)) / (f + norm));
    }
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  // Reset the shared counters for the next pool.
  for (const id of touched) ws.df[id] = 0;
  for (const id of qids) ws.qmul[id] = 0;
  return { index: best, score: bestScore };
}

/** BM25's choice among one pool's candidates for one query. */
export function bm25Select(query: unknown, candidates: readonly { memory_id: string; value: unknown }[]): Bm25Selection {
  return select(new Bm25Workspace(), query, candidates);
}

/**
 * bm25Select with a token cache shared across calls: for scoring many pools
 * one instance at a time (pools drawn from the same memories repeat values).
 */
export function createBm25Selector(): (query: unknown, candidates: readonly { memory_id: string; value: unknown }[]) => Bm25Selection {
  const ws = new Bm25Workspace();
  return (query, candidates) => select(ws, query, candidates);
}

/**
 * BM25 over pools given as indexes into one list of memory values (how the server stores its pools: a few
 * thousand distinct memories behind 5.9 million candidates). Each value is tokenized once, up front, and a pool
 * is scored from those documents with the same arithmetic in the same order as bm25Select, so the choice and
 * the score are exactly bm25Select's on the same candidates (pinned by bm25-select.test.ts).
 */
export function createIndexedBm25Selector(
  values: readonly string[],
): (query: unknown, memoryIndexes: ArrayLike<number>) => { selectedIndex: number | null; score: number } {
  const ws = new Bm25Workspace();
  const docs = values.map((value) => ws.doc(value));
  return (query, memoryIndexes) => {
    if (memoryIndexes.length === 0) return { selectedIndex: null, score: 0 };
    const pool = Array.from(memoryIndexes, (i) => docs[i]!);
    const { index, score } = selectDocs(ws, query, pool);
    return { selectedIndex: index, score };
  };
}
