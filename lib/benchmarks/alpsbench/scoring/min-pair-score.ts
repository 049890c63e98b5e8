/**
 * Pairs scoring below 0.30 are never accepted: with label and value both far
 * apart, type and confidence alone (0.1 + 0.1) cannot make a match, so weak
 * pairs count as a miss plus an extra rather than as a poor-quality hit.
 */
export const MIN_PAIR_SCORE = 0.3;
