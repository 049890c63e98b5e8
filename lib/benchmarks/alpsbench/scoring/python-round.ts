/**
 * Python's `round(x, ndigits)` for floats (ndigits a non-negative integer).
 *
 * Python rounds the *exact* binary value of the double, half to even, then
 * converts the decimal result back to the nearest double. So round(2.675, 2)
 * is 2.67 (2.675 is stored as 2.67499999...), round(0.12345, 4) is 0.1235
 * (stored as 0.12345000000000000417...), round(0.00015, 4) is 0.0001 (stored
 * just below the half), and round(0.03125, 4) is 0.0312 (a true tie, to even).
 *
 * `Number.prototype.toFixed` already rounds the exact value, but breaks ties
 * away from zero. A true tie at d digits exists only when x·2^(d+1) is an odd
 * integer (x = m/2^(d+1), m odd, makes x·10^d = m·5^d/2 with m·5^d odd, and
 * conversely), which is exact to test because scaling by a power of two is
 * exact. On a tie we step the last digit back toward zero when it is odd.
 */
export function pythonRound(x: number, ndigits = 0): number {
  if (!Number.isFinite(x)) return x;
  // Doubles this large are integers already; toFixed also stops at 1e21.
  // Beyond 100 digits toFixed refuses, and every double is exact at that scale.
  if (Math.abs(x) >= 1e21 || ndigits > 100) return x;
  let s = x.toFixed(ndigits);
  const scaled = x * 2 ** (ndigits + 1);
  if (Number.isInteger(scaled) && Math.abs(scaled % 2) === 1) {
    const last = s.charCodeAt(s.length - 1) - 48;
    if (last % 2 === 1) s = s.slice(0, -1) + String(last - 1);
  }
  return Number(s);
}
