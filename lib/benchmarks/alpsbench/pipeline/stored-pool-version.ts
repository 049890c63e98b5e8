import type { Db } from "@/lib/db/create-client";
import { DatasetError } from "@/lib/benchmarks/alpsbench/data/errors";
import type { Task3PoolVersion } from "@/lib/benchmarks/alpsbench/scoring/build-task3-pools";
import { DEFAULT_POOL_VERSION, poolVersionOfLabel, SERVER_POOL_LABELS } from "./server-pools";

/** The server-pool version a data version's stored Task 3 instances were built with; null when it holds none. */
export async function storedPoolVersion(db: Db, benchmarkSlug: string): Promise<Task3PoolVersion | null> {
  const instance = await db.instance.findFirst({
    where: { benchmarkVersion: { slug: benchmarkSlug }, trackId: { startsWith: "task3/" } },
    select: { meta: true },
    orderBy: { id: "asc" },
  });
  if (!instance) return null;
  return poolVersionOfLabel((instance.meta as { poolSource?: unknown } | null)?.poolSource);
}

/**
 * The pool version an import of the packets builds: the one asked for, else the one the data version already
 * holds, else DEFAULT_POOL_VERSION. Asking for another version than the stored one is refused: the two versions'
 * Task 3 instances have different ids, so both would be stored side by side and every Task 3 upload would cover
 * half of its track; the stored figures were scored on the stored pools.
 */
export async function resolvePoolVersion(db: Db, benchmarkSlug: string, asked: Task3PoolVersion | undefined, dir: string): Promise<Task3PoolVersion> {
  const stored = await storedPoolVersion(db, benchmarkSlug);
  if (asked && stored && asked !== stored) {
    throw new DatasetError({
      code: "inconsistent",
      file: dir,
      message:
        `data version ${benchmarkSlug} holds Task 3 pools ${SERVER_POOL_LABELS[stored]} and its figures were scored on them; ` +
        `${SERVER_POOL_LABELS[asked]} goes into a data version of its own: import with --benchmark <new-slug> --pool-version ${asked}, ` +
        `or leave --pool-version out to keep ${stored} (docs/task3-pools.md)`,
    });
  }
  return asked ?? stored ?? DEFAULT_POOL_VERSION;
}
