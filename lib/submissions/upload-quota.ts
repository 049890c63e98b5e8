import { resolveBenchmarkName } from "@/lib/benchmarks/resolve-benchmark-name";
import type { Db } from "@/lib/db/create-client";
import type { UploadQuota } from "./contracts";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { uploadAllowance } from "./upload-limits";

/**
 * What a user has left of the upload limits for one data version, as the upload answer and GET /api/v1/quota
 * carry it (and `alpsbench submit` prints it): uploads today, and the test-split answers of 24 hours and 30 days.
 */
export async function uploadQuota(db: Parameters<typeof uploadAllowance>[0], ownerId: string, benchmarkVersionId: string, now = new Date()): Promise<UploadQuota> {
  const allowance = await uploadAllowance(db, ownerId, [benchmarkVersionId], now);
  const test = allowance.test[0];
  return {
    uploads: { perDay: allowance.perDay, usedToday: allowance.usedToday, leftToday: Math.max(0, allowance.perDay - allowance.usedToday) },
    test: test
      ? {
          perDay: test.perDay,
          perMonth: test.perMonth,
          usedToday: test.usedToday,
          usedMonth: test.usedMonth,
          leftToday: test.leftToday,
          leftMonth: test.leftMonth,
          nextAllowedAt: test.nextAllowedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * The quota for the data version a `benchmark` name means (as an upload's field means it: absent, the default),
 * for GET /api/v1/quota; null: no such benchmark or data version here, with the message naming the known ones.
 */
export async function quotaForBenchmark(
  db: Db,
  ownerId: string,
  name: string | undefined,
): Promise<{ ok: true; benchmark: string; quota: UploadQuota } | { ok: false; message: string }> {
  const named = await resolveBenchmarkName(db, name);
  if (!named.ok) return named;
  const version = await capabilitiesOf(named.benchmark).upload.dataVersion(db, name);
  if (!version) return { ok: false, message: `benchmark: "${name ?? named.benchmark.id}" has no data on this server.` };
  return { ok: true, benchmark: version.slug, quota: await uploadQuota(db, ownerId, version.id) };
}
