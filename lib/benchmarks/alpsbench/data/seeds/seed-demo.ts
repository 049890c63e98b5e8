import type { Db } from "@/lib/db/create-client";
import { getDemoDataset } from "@/lib/benchmarks/alpsbench/data/demo";
import { importInstances } from "../import/import-dataset";
import { cachedTask3PoolRefs } from "@/lib/benchmarks/alpsbench/read/queries/task3-pool-refs";
import { seedBm25Baseline } from "./seed-bm25-baseline";
import { seedReferenceBaselines } from "./seed-reference-baselines";
import { seedScoredSubmission } from "./seed-scored-submission";

export const DEMO_BENCHMARK_SLUG = "demo";

/**
 * The synthetic demo benchmark (written for this site, no AlpsBench data), its invented systems scored by the
 * real pipeline, the server's BM25 baseline on its pools and the trivial reference baselines: a fresh clone without ../shared still shows a
 * working leaderboard with n and confidence intervals.
 */
export async function seedDemo(db: Db): Promise<{ instances: number; systems: number }> {
  const dataset = getDemoDataset();
  const benchmark = await db.benchmarkVersion.upsert({
    where: { slug: DEMO_BENCHMARK_SLUG },
    create: {
      slug: DEMO_BENCHMARK_SLUG,
      name: "Demo (synthetic)",
      description: dataset.notice,
      source: "synthetic",
      isDemo: true,
    },
    update: { description: dataset.notice },
  });
  await importInstances(db, dataset.instances, { benchmark: DEMO_BENCHMARK_SLUG, layout: "demo", sourcePath: "lib/datasets/demo" });
  for (const demo of dataset.systems) {
    const fields = {
      name: demo.name,
      organisation: demo.organisation,
      kind: demo.kind,
      backbone: demo.backbone,
      description: "An invented system on the synthetic demo benchmark.",
    };
    const system = await db.system.upsert({ where: { slug: demo.slug }, create: { slug: demo.slug, ...fields }, update: fields });
    await seedScoredSubmission(db, {
      id: `seed-demo-${demo.slug}`,
      systemId: system.id,
      benchmarkVersionId: benchmark.id,
      note: "Synthetic demo predictions.",
      predictions: demo.predictions,
      // made from the gold: not a run an upload of the gold copies (row-copy.ts), so the review rule holds that upload
      copyReference: false,
    });
  }
  // the pools read once for the BM25 and the first- and random-candidate rows
  const poolRefs = cachedTask3PoolRefs(db, benchmark.id);
  await seedBm25Baseline(db, benchmark.id, DEMO_BENCHMARK_SLUG, undefined, poolRefs);
  await seedReferenceBaselines(db, benchmark.id, DEMO_BENCHMARK_SLUG, undefined, poolRefs);
  return { instances: dataset.instances.length, systems: dataset.systems.length };
}
