/**
 * Deterministic PRNG for everything the leaderboard must be able to
 * reproduce (bootstrap resamples, pool building): mulberry32, a tiny,
 * well-known 32-bit generator. Not cryptographic; it does not need to be.
 * Seeds may be numbers or strings (strings are hashed with FNV-1a).
 */
export type Random = () => number;

function seedToUint32(seed: number | string): number {
  if (typeof seed === "number" && Number.isFinite(seed)) {
    // Mix the high part too, so seeds differing only above 2^32 differ.
    return (Math.trunc(seed) ^ Math.trunc(seed / 4294967296)) >>> 0;
  }
  return fnv1a32(String(seed));
}

function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Returns a function yielding uniform floats in [0, 1). */
export function seededRandom(seed: number | string): Random {
  let a = seedToUint32(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform integer in [0, n). */
export function randomInt(rand: Random, n: number): number {
  return Math.floor(rand() * n);
}
