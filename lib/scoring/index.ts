// Public surface of the pure scoring library. Nothing here does I/O.
export type { MemoryPair, MemorySetResult, Matcher } from "./types";
export { scoreMemorySet, type ScoreMemorySetOptions } from "./score-memory-set";
export { normalize, tokens } from "./normalize";
export { labelSimilarity } from "./label-similarity";
export { valueSimilarity } from "./value-similarity";
export { sequenceMatcherRatio } from "./sequence-matcher-ratio";
export { confidenceScore, confidenceValue } from "./confidence-score";
export { pairScore, type PairScoreParts } from "./pair-score";
export { pythonRound } from "./python-round";
export { MIN_PAIR_SCORE } from "./min-pair-score";
