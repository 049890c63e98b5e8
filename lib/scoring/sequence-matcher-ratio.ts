/**
 * A faithful port of CPython's `difflib.SequenceMatcher(None, a, b).ratio()`
 * (Lib/difflib.py: __chain_b, find_longest_match, get_matching_blocks),
 * including the default autojunk heuristic. The authors' value similarity is
 * built on it and our scores must equal theirs to 4 decimals, so every rule
 * that can change the matched-character count is reproduced:
 *
 * - Sequences are compared by *code point* (Python str indexing), not UTF-16
 *   unit, so "😀" is one element.
 * - b2j maps each element of b to its ascending positions. When len(b) >= 200,
 *   elements occurring more than len(b)//100 + 1 times are "popular" and are
 *   dropped from b2j (never start a match), yet the extension step may still
 *   grow a match across them: with isjunk=None the junk set is empty, so the
 *   extension loops that skip junk extend over any equal elements. The two
 *   junk-only extension loops of CPython can never run and are omitted.
 * - find_longest_match returns the longest block, earliest in a, then
 *   earliest in b; get_matching_blocks recurses left and right of it. The
 *   ratio only needs the sum of block sizes, so the recursion order does not
 *   matter (CPython uses a LIFO queue; we use a stack).
 * - ratio = 2·M / (len(a) + len(b)), and 1.0 when both are empty.
 *
 * For speed the dict-of-dicts `j2len` becomes two typed arrays tagged with a
 * row stamp (an entry counts only if it was written for the previous row of
 * a), and b's index is built once per b and reused against many a's.
 */

export interface PreparedSequence {
  readonly codes: Int32Array;
  /** positions of each non-popular element of b, ascending */
  readonly b2j: Map<number, Int32Array>;
}

export function toCodePoints(s: string): Int32Array {
  const out = new Int32Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    // Lone surrogates stay single elements, as in a Python str.
    out[n++] = c;
  }
  return n === s.length ? out : out.slice(0, n);
}

export function prepareSequence(b: string | Int32Array): PreparedSequence {
  const codes = typeof b === "string" ? toCodePoints(b) : b;
  const n = codes.length;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const ntest = Math.floor(n / 100) + 1;
  const autojunk = n >= 200;
  const b2j = new Map<number, Int32Array>();
  const fill = new Map<number, number>();
  for (const [c, k] of counts) {
    if (autojunk && k > ntest) continue; // popular
    b2j.set(c, new Int32Array(k));
    fill.set(c, 0);
  }
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    const arr = b2j.get(c);
    if (arr === undefined) continue;
    const f = fill.get(c)!;
    arr[f] = i;
    fill.set(c, f + 1);
  }
  return { codes, b2j };
}

// Scratch buffers shared by all calls: JavaScript runs one call at a time and
// nothing here calls back out, so reuse is safe and avoids allocating per pair.
let lenA = new Int32Array(256);
let lenB = new Int32Array(256);
let stampA = new Int32Array(256);
let stampB = new Int32Array(256);
let tick = 1;
const STAMP_LIMIT = 0x3fffffff;

function ensureScratch(size: number): void {
  if (lenA.length >= size) return;
  let n = lenA.length;
  while (n < size) n *= 2;
  lenA = new Int32Array(n);
  lenB = new Int32Array(n);
  stampA = new Int32Array(n);
  stampB = new Int32Array(n);
  tick = 1;
}

/** ratio() of a (as code points) against a prepared b. */
export function ratioPrepared(a: Int32Array, b: PreparedSequence): number {
  const la = a.length;
  const bc = b.codes;
  const lb = bc.length;
  if (la + lb === 0) return 1.0;
  if (la === 0 || lb === 0) return 0.0;
  ensureScratch(lb + 1);

  const rows: (Int32Array | undefined)[] = new Array(la);
  for (let i = 0; i < la; i++) rows[i] = b.b2j.get(a[i]!);

  let matches = 0;
  const stack: number[] = [0, la, 0, lb];
  while (stack.length > 0) {
    const bhi = stack.pop()!;
    const blo = stack.pop()!;
    const ahi = stack.pop()!;
    const alo = stack.pop()!;

    // find_longest_match(alo, ahi, blo, bhi)
    if (tick > STAMP_LIMIT - (ahi - alo)) {
      // Stamps only need to be unique within one call; restart them safely.
      stampA.fill(0);
      stampB.fill(0);
      tick = 1;
    }
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let prevLen = lenA;
    let prevStamp = stampA;
    let curLen = lenB;
    let curStamp = stampB;
    for (let i = alo; i < ahi; i++) {
      const t = ++tick;
      const idx = rows[i];
      if (idx !== undefined) {
        const prevT = t - 1;
        for (let p = 0; p < idx.length; p++) {
          const j = idx[p]!;
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = (j > 0 && prevStamp[j - 1] === prevT ? prevLen[j - 1]! : 0) + 1;
          curLen[j] = k;
          curStamp[j] = t;
          if (k > bestsize) {
            besti = i - k + 1;
            bestj = j - k + 1;
            bestsize = k;
          }
        }
      }
      const tl = prevLen;
      prevLen = curLen;
      curLen = tl;
      const ts = prevStamp;
      prevStamp = curStamp;
      curStamp = ts;
    }
    // Leave a gap so the next call's first row never sees this call's last row.
    tick++;
    while (besti > alo && bestj > blo && a[besti - 1] === bc[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === bc[bestj + bestsize]) {
      bestsize++;
    }

    if (bestsize > 0) {
      matches += bestsize;
      if (alo < besti && blo < bestj) stack.push(alo, besti, blo, bestj);
      if (besti + bestsize < ahi && bestj + bestsize < bhi) {
        stack.push(besti + bestsize, ahi, bestj + bestsize, bhi);
      }
    }
  }
  return (2.0 * matches) / (la + lb);
}

/** `difflib.SequenceMatcher(None, a, b).ratio()` on two strings. */
export function sequenceMatcherRatio(a: string, b: string): number {
  return ratioPrepared(toCodePoints(String(a)), prepareSequence(String(b)));
}
