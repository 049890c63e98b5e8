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
 * For speed, j2len becomes two reusable typed arrays (previous row and
 * current row, cleared entry by entry), b's index is built once per b and
 * reused against many a's, and code points are looked up through a table
 * instead of a hash map. None of this changes which blocks are found.
 */

export interface PreparedSequence {
  readonly codes: Int32Array;
  /**
   * b2j, flattened into one array (typed-array allocations are costly, so one
   * per sequence): [K, keys[K], starts[K], counts[K], positions...], where
   * keys are the distinct non-popular elements of b and key k's ascending
   * positions are positions[starts[k] .. starts[k] + counts[k]).
   */
  readonly index: Int32Array;
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

// Code point → small slot table, so lookups are array reads instead of Map
// lookups. A slot is valid only while its stamp equals the current stamp.
// BMP code points index the table directly; astral ones (rare) use a Map.
const BMP = 0x10000;
const slotStamp = new Int32Array(BMP);
const slotValue = new Int32Array(BMP);
let slotTick = 0;
const astralSlots = new Map<number, number>();

function nextSlotTick(): number {
  if (slotTick >= 0x3fffffff) {
    slotStamp.fill(0);
    slotTick = 0;
  }
  if (astralSlots.size > 0) astralSlots.clear();
  return ++slotTick;
}

// Per-call temporaries for prepareSequence, grown on demand and reused.
let keyOfScratch = new Int32Array(256);
let keyCodeScratch = new Int32Array(256);
let keyCountScratch = new Int32Array(256);

export function prepareSequence(b: string | Int32Array): PreparedSequence {
  const codes = typeof b === "string" ? toCodePoints(b) : b;
  const n = codes.length;
  if (keyOfScratch.length < n) {
    const m = grown(keyOfScratch.length, n);
    keyOfScratch = new Int32Array(m);
    keyCodeScratch = new Int32Array(m);
    keyCountScratch = new Int32Array(m);
  }
  const keyOf = keyOfScratch;
  const keyCode = keyCodeScratch;
  const keyCount = keyCountScratch;
  const t = nextSlotTick();
  // Pass 1: number the distinct elements in order of first appearance, count them.
  let nk = 0;
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    let k: number;
    if (c < BMP) {
      if (slotStamp[c] === t) k = slotValue[c]!;
      else {
        k = nk++;
        slotStamp[c] = t;
        slotValue[c] = k;
        keyCode[k] = c;
        keyCount[k] = 0;
      }
    } else {
      const got = astralSlots.get(c);
      if (got !== undefined) k = got;
      else {
        k = nk++;
        astralSlots.set(c, k);
        keyCode[k] = c;
        keyCount[k] = 0;
      }
    }
    keyOf[i] = k;
    keyCount[k] = keyCount[k]! + 1;
  }
  // Autojunk: with n >= 200, an element seen more than n//100 + 1 times is
  // popular and gets no entry in b2j. Kept keys are renumbered 0..K-1 (the
  // renumbering reuses keyCount: -1 = dropped, else the new key number).
  const ntest = Math.floor(n / 100) + 1;
  const autojunk = n >= 200;
  let kept = 0;
  let total = 0;
  for (let k = 0; k < nk; k++) {
    if (autojunk && keyCount[k]! > ntest) continue;
    kept++;
    total += keyCount[k]!;
  }
  const index = new Int32Array(1 + 3 * kept + total);
  index[0] = kept;
  const K = 1;
  const S = 1 + kept;
  const C = 1 + 2 * kept;
  const P = 1 + 3 * kept;
  let m = 0;
  let off = 0;
  for (let k = 0; k < nk; k++) {
    const cnt = keyCount[k]!;
    if (autojunk && cnt > ntest) {
      keyCount[k] = -1;
      continue;
    }
    index[K + m] = keyCode[k]!;
    index[S + m] = off;
    off += cnt;
    keyCount[k] = m++; // from here on keyCount[k] holds the new key number
  }
  // Pass 2: positions, ascending within each key (counts grow as we fill).
  for (let i = 0; i < n; i++) {
    const mk = keyCount[keyOf[i]!]!;
    if (mk < 0) continue;
    const c = index[C + mk]!;
    index[P + index[S + mk]! + c] = i;
    index[C + mk] = c + 1;
  }
  return { codes, index };
}

// Scratch buffers shared by all calls: JavaScript runs one call at a time and
// nothing here calls back out, so reuse is safe and avoids allocating per pair.
// lenA/lenB hold j2len for the previous and the current row of a, shifted by
// one (entry j + 1 is the match length ending at b[j]) so that entry 0 is the
// "j - 1 = -1" case and always 0. They are all zero between calls.
let lenA = new Int32Array(256);
let lenB = new Int32Array(256);
let rowStart = new Int32Array(256);
let rowEnd = new Int32Array(256);

/** A scratch length of at least `need`: `have` doubled as often as needed. */
function grown(have: number, need: number): number {
  while (have < need) have *= 2;
  return have;
}

/** `difflib.SequenceMatcher(None, a, b).ratio()` of a (as code points, toCodePoints) against a prepared b (prepareSequence). */
export function ratioPrepared(a: Int32Array, b: PreparedSequence): number {
  const la = a.length;
  const bc = b.codes;
  const lb = bc.length;
  if (la + lb === 0) return 1.0;
  if (la === 0 || lb === 0) return 0.0;
  if (lenA.length < lb + 1) {
    lenA = new Int32Array(grown(lenA.length, lb + 1));
    lenB = new Int32Array(lenA.length);
  }
  if (rowStart.length < la) {
    rowStart = new Int32Array(grown(rowStart.length, la));
    rowEnd = new Int32Array(rowStart.length);
  }
  // Point each element of a at its run of positions in b (empty when absent).
  const slotT = nextSlotTick();
  const pos = b.index;
  const nk = pos[0]!;
  const P = 1 + 3 * nk;
  for (let k = 0; k < nk; k++) {
    const c = pos[1 + k]!;
    if (c < BMP) {
      slotStamp[c] = slotT;
      slotValue[c] = k;
    } else astralSlots.set(c, k);
  }
  for (let i = 0; i < la; i++) {
    const c = a[i]!;
    const k = c < BMP ? (slotStamp[c] === slotT ? slotValue[c]! : -1) : (astralSlots.get(c) ?? -1);
    if (k < 0) {
      rowStart[i] = 0;
      rowEnd[i] = 0;
    } else {
      // Offsets into `pos` (the whole index array), so the loop below reads one array.
      const st = P + pos[1 + nk + k]!;
      rowStart[i] = st;
      rowEnd[i] = st + pos[1 + 2 * nk + k]!;
    }
  }

  let matches = 0;
  const stack: number[] = [0, la, 0, lb];
  while (stack.length > 0) {
    const bhi = stack.pop()!;
    const blo = stack.pop()!;
    const ahi = stack.pop()!;
    const alo = stack.pop()!;

    // find_longest_match(alo, ahi, blo, bhi). CPython keeps j2len as a
    // fresh dict per row; here the previous row's entries are zeroed once the
    // current row no longer needs them, which has the same effect.
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let prevLen = lenA;
    let curLen = lenB;
    let prevFrom = 0;
    let prevTo = 0;
    for (let i = alo; i < ahi; i++) {
      let p = rowStart[i]!;
      const pEnd = rowEnd[i]!;
      // Skipping positions below blo by binary search visits the same j's
      // in the same order as CPython's `if j < blo: continue`.
      if (blo > 0 && p < pEnd && pos[p]! < blo) {
        let lo = p;
        let hi = pEnd;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (pos[mid]! < blo) lo = mid + 1;
          else hi = mid;
        }
        p = lo;
      }
      const from = p;
      for (; p < pEnd; p++) {
        const j = pos[p]!;
        if (j >= bhi) break;
        const k = prevLen[j]! + 1;
        curLen[j + 1] = k;
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      for (let q = prevFrom; q < prevTo; q++) prevLen[pos[q]! + 1] = 0;
      prevFrom = from;
      prevTo = p;
      const tl = prevLen;
      prevLen = curLen;
      curLen = tl;
    }
    for (let q = prevFrom; q < prevTo; q++) prevLen[pos[q]! + 1] = 0;
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
