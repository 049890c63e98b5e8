// Public surface of the pure scoring library (no I/O anywhere in lib/scoring).

// Task 1 / Task 2 memory-set matching (SCORING.md steps 1–12)
export type { MemoryPair, MemorySetResult, Matcher } from "./memory-set-result";
export { scoreMemorySet, type ScoreMemorySetOptions } from "./score-memory-set";
export { normalize, tokens } from "./normalize";
export { labelSimilarity } from "./label-similarity";
export { valueSimilarity } from "./value-similarity";
export { sequenceMatcherRatio } from "./sequence-matcher-ratio";
export { confidenceScore, confidenceValue } from "./confidence-score";
export { pairScore, type PairScoreParts } from "./pair-score";
export { pythonRound } from "./python-round";
export { MIN_PAIR_SCORE } from "./min-pair-score";

// Aggregates and statistics
export { aggregateMemorySet, type MemorySetAggregate, type PooledRecall } from "./aggregate-memory-set";
export { bootstrapCI, type BootstrapInterval, type BootstrapOptions } from "@/lib/stats/bootstrap-ci";
export { seededRandom, type Random } from "@/lib/stats/seeded-random";

// Task 2 action accuracy (our definition; see task2-actions.ts)
export {
  deriveTask2Actions,
  scoreTask2Actions,
  aggregateTask2Actions,
  type Task2ActionKind,
  type Task2GoldAction,
  type Task2ActionOutcome,
  type Task2ActionResult,
  type Task2ActionAggregate,
} from "./task2-actions";

// Task 3 retrieval
export { readTask3Prediction, parseLenientJson, type Task3Prediction } from "./read-task3-prediction";
export { task3Recall, type Task3RecallInput, type Task3RecallResult } from "./task3-recall";
export {
  buildTask3Pools,
  buildTask3PoolsForInstance,
  buildTask3CompactPoolsForInstance,
  expandTask3Pool,
  createTask3PoolSource,
  TASK3_POOL_SIZES,
  type Task3Pool,
  type Task3CompactPool,
  type Task3Candidate,
  type Task3PoolInstanceInput,
  type Task3PoolOptions,
  type Task3PoolSource,
  type UserMemory,
} from "./build-task3-pools";
export { bm25Select, bm25Baseline, createBm25Selector, createIndexedBm25Selector, type Bm25Selection, type Bm25BaselineRow } from "./bm25-select";
