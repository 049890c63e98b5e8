import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Whether a test file reads the real data through its image (tests/integration/real-data-version.ts). */
const readsRealData = (file: string) => readFileSync(file, "utf8").includes("realDataVersion(");

/**
 * `items` in vitest's order, those that `reads` after all others (each part in the order it had). Pure.
 */
export function realDataLast<T>(items: readonly T[], reads: (item: T) => boolean): T[] {
  const marked = items.map((item) => ({ item, last: reads(item) }));
  return [...marked.filter((m) => !m.last), ...marked.filter((m) => m.last)].map((m) => m.item);
}

/**
 * Vitest's order, with the files that read the real data last: in `npm test` the real-data image is built beside
 * the lanes (tests/real-data-image.ts, about two minutes), and the one integration file that asked for it first
 * held its lane idle until it was ready, when every other file could have run meanwhile.
 */
export default class RealDataLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return realDataLast(await super.sort(files), (file) => readsRealData(file.moduleId));
  }
}
