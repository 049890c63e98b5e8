import path from "node:path";
import type { NormalizedInstance } from "@/lib/benchmarks/alpsbench/data/normalized-instance";
import { readPacketsLayout } from "@/lib/benchmarks/alpsbench/data/read-packets-layout";

/**
 * One read of a packets folder for every test file of a worker. The unit project runs its files in one worker
 * without isolation (vitest.config.ts `isolate: false`), so this module, and the read it holds, is shared by the
 * files that need the real packets (the server pools of each version, BM25, the layout checks): the read is ~8 s
 * of CPU on the real data, and it was done once per file. The instances are deep-frozen, so a test that changed
 * them for the files after it throws (ES modules run in strict mode) instead of passing or failing by file order.
 */
const reads = new Map<string, Promise<readonly NormalizedInstance[]>>();

export function readPacketsOnce(dir: string): Promise<readonly NormalizedInstance[]> {
  const key = path.resolve(dir);
  let read = reads.get(key);
  if (!read) {
    read = readPacketsLayout(key).then((instances) => deepFreeze(instances));
    reads.set(key, read);
  }
  return read;
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const child of Object.values(v)) if (typeof child === "object" && child !== null) stack.push(child);
  }
  return value;
}
