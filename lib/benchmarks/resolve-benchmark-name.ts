import type { Db } from "@/lib/db/create-client";
import { declaredBenchmarkNames, declaredBenchmarkOf, ROOT_BENCHMARK } from "./index";
import type { Benchmark } from "./types";

type ResolvedBenchmark = { ok: true; benchmark: Benchmark } | { ok: false; message: string };

/**
 * The benchmark a name someone gave (an upload's `benchmark` field, a download's `benchmark` parameter) means:
 * absent, the benchmark at "/"; a name a benchmark declares (its id, a declared data version); a release the
 * benchmark at "/" imported under a slug of its own (a stored BenchmarkVersion no benchmark declares). Anything
 * else is refused with the names that exist, rather than read as the benchmark at "/" and refused by its
 * validator for a reason that has nothing to do with the typo.
 */
export async function resolveBenchmarkName(db: Db, name: string | undefined): Promise<ResolvedBenchmark> {
  if (name === undefined || name === "") return { ok: true, benchmark: ROOT_BENCHMARK };
  const declared = declaredBenchmarkOf(name);
  if (declared) return { ok: true, benchmark: declared };
  const stored = (await db.benchmarkVersion.findMany({ select: { slug: true } })).map((v) => v.slug);
  if (stored.includes(name)) return { ok: true, benchmark: ROOT_BENCHMARK };
  const known = [...new Set([...declaredBenchmarkNames(), ...stored])].sort();
  return { ok: false, message: `benchmark: unknown benchmark or data version "${name}"; known: ${known.join(", ")}.` };
}
