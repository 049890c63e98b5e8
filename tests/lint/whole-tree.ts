/**
 * The options of a test that reads the whole tree (ESLint, Prettier, tsc, unused exports, import rules): no
 * per-test time-out. On a loaded machine these took 300 s and more (ESLint 315 s beside the e2e lane on two
 * cores) and went red by slowness alone; a hang is still ended, by `npm test`'s run limit (scripts/test.ts,
 * ALPSBENCH_TEST_RUN_MINUTES). Speed is measured by scripts/bench, not by time-outs.
 */
export const WHOLE_TREE = { timeout: 0 } as const;
