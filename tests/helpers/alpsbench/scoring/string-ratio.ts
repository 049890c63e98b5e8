import { prepareSequence, ratioPrepared, toCodePoints } from "@/lib/benchmarks/alpsbench/scoring/sequence-matcher-ratio";

/** difflib.SequenceMatcher(None, a, b).ratio() on two strings, through the prepared form the scorer uses */
export const stringRatio = (a: string, b: string): number => ratioPrepared(toCodePoints(a), prepareSequence(b));
