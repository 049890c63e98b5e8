import { authorsBm25Terms } from "./nltk-tokens";

/**
 * BM25 baseline for Task 3 as the authors ran it (ThisIsCosine/AlpsBench:scripts/run_task3_bm25.py @9d88d88): every pool is its own
 * corpus (the candidates with a non-empty value), the query and each value become terms by their NLTK pipeline
 * (nltk-tokens.ts), rank_bm25's BM25Okapi scores every candidate, and numpy's argmax picks the first best one.
 *
 * BM25Okapi (rank_bm25 0.2.2), reproduced operation for operation so that ties and near-ties fall the same way:
 * k1 = 1.5, b = 0.75; idf(t) = ln(N − df + 0.5) − ln(df + 0.5), and a negative idf replaced by
 * epsilon (0.25) × the mean idf over the pool's vocabulary (summed in first-seen order); a candidate's score adds,
 * for each query term in query order (a repeated term counts each time), idf × tf·(k1 + 1) / (tf + k1·(1 − b +
 * b·|d| / avgdl)). A query with no terms falls back to its lower-cased whitespace words, as theirs does.
 * Written here rather than with a BM25 package: each query has its own small corpus, and none of the packages
 * reproduces this idf floor and tie order.
 */
const K1 = 1.5;
const B = 0.75;
const EPSILON = 0.25;

interface Doc {
  /** distinct term ids and their counts, in first-seen order */
  ids: Int32Array;
  tfs: Int32Array;
  length: number;
}

/**
 * Term interning and per-value documents, shared by all pools scored in one call: pools drawn from the same
 * memories repeat the same values. `df`, `idf` and `slot` are scratch space, reset after each pool.
 */
class Bm25Workspace {
  private vocab = new Map<string, number>();
  private docs = new Map<string, Doc>();
  df = new Int32Array(1024);
  idf = new Float64Array(1024);
  /** 1 + the term's index among the query's distinct terms, 0 when not in the query */
  slot = new Int32Array(1024);

  id(term: string): number {
    let id = this.vocab.get(term);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(term, id);
      if (id >= this.df.length) {
        const grow = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
          const b = make(a.length * 2);
          b.set(a);
          return b;
        };
        this.df = grow(this.df, (n) => new Int32Array(n));
        this.idf = grow(this.idf, (n) => new Float64Array(n));
        this.slot = grow(this.slot, (n) => new Int32Array(n));
      }
    }
    return id;
  }

  doc(value: unknown): Doc {
    const key = typeof value === "string" ? value : null;
    const hit = key === null ? undefined : this.docs.get(key);
    if (hit) return hit;
    const terms = authorsBm25Terms(value);
    const counts = new Map<number, number>();
    for (const t of terms) {
      const id = this.id(t);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const doc: Doc = { ids: Int32Array.from(counts.keys()), tfs: Int32Array.from(counts.values()), length: terms.length };
    if (key !== null) this.docs.set(key, doc);
    return doc;
  }
}

/** The authors skip a candidate whose value is empty: it is not in the corpus and cannot be picked. */
const indexed = (value: unknown): boolean => !(value === "" || value === null || value === undefined);

interface Bm25Selection {
  selectedMemoryId: string | null;
  selectedIndex: number | null;
  score: number;
}

function queryTerms(query: unknown): string[] {
  const terms = authorsBm25Terms(query);
  if (terms.length > 0) return terms;
  const text = typeof query === "string" ? query : query === null || query === undefined ? "" : String(query);
  return text.toLowerCase().split(/\s+/u).filter(Boolean);
}

/** BM25Okapi over one pool's documents (candidate order); the first best index wins, as numpy's argmax. */
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
    const v = Math.log(n - f + 0.5) - Math.log(f + 0.5);
    ws.idf[id] = v;
    idfSum += v;
  }
  const floor = touched.length ? (EPSILON * idfSum) / touched.length : 0;
  for (const id of touched) if (ws.idf[id]! < 0) ws.idf[id] = floor;
  const avgdl = totalLength / n;

  // the query's terms as slots (distinct terms), and the order in which their contributions are added
  const order: number[] = [];
  const slotIds: number[] = [];
  for (const term of queryTerms(query)) {
    const id = ws.id(term);
    if (ws.slot[id] === 0) {
      slotIds.push(id);
      ws.slot[id] = slotIds.length;
    }
    order.push(ws.slot[id]! - 1);
  }
  const tf = new Int32Array(slotIds.length);
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = docs[i]!;
    tf.fill(0);
    for (let k = 0; k < d.ids.length; k++) {
      const s = ws.slot[d.ids[k]!]!;
      if (s !== 0) tf[s - 1] = d.tfs[k]!;
    }
    let score = 0;
    for (const s of order) {
      const f = tf[s]!;
      if (f === 0) continue;
      const idf = ws.df[slotIds[s]!]! > 0 ? ws.idf[slotIds[s]!]! : 0;
      score += idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgdl)));
    }
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  for (const id of touched) ws.df[id] = 0;
  for (const id of slotIds) ws.slot[id] = 0;
  return { index: best, score: bestScore };
}

function select(ws: Bm25Workspace, query: unknown, candidates: readonly { memory_id: string; value: unknown }[]): Bm25Selection {
  const kept = candidates.flatMap((c, i) => (indexed(c.value) ? [i] : []));
  if (kept.length === 0) return { selectedMemoryId: null, selectedIndex: null, score: 0 };
  const { index, score } = selectDocs(
    ws,
    query,
    kept.map((i) => ws.doc(candidates[i]!.value)),
  );
  const at = kept[index]!;
  return { selectedMemoryId: candidates[at]!.memory_id, selectedIndex: at, score };
}

/** BM25's choice among one pool's candidates for one query. */
export function bm25Select(query: unknown, candidates: readonly { memory_id: string; value: unknown }[]): Bm25Selection {
  return select(new Bm25Workspace(), query, candidates);
}

/** bm25Select with a term cache shared across calls: for scoring many pools that repeat values. */
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
  const docs = values.map((value) => (indexed(value) ? ws.doc(value) : null));
  return (query, memoryIndexes) => {
    const kept = Array.from(memoryIndexes).flatMap((m, i) => (docs[m] ? [i] : []));
    if (kept.length === 0) return { selectedIndex: null, score: 0 };
    const { index, score } = selectDocs(
      ws,
      query,
      kept.map((i) => docs[memoryIndexes[i]!]!),
    );
    return { selectedIndex: kept[index]!, score };
  };
}
