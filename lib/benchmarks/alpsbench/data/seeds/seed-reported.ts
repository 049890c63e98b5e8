import { REPORTED_FACTS } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-facts";
import { writeSeededFacts } from "@/lib/model-facts/seeded-facts";
import type { Db } from "@/lib/db/create-client";
import { REPORTED_SCORE_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { metricDef } from "@/lib/benchmarks/alpsbench/read/metrics";
import { TRACK_IDS, TRACK_LABELS, taskOf, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { REPORTED_FIGURES } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-figures";
import { REPORTED_JUDGE_PROFILE, REPORTED_SOURCES, REPORTED_SYSTEMS, type ReportedSourceKey } from "@/lib/benchmarks/alpsbench/data/seeds/published/reported-types";

export const REAL_BENCHMARK_SLUG = "alpsbench-v1";

/** Tracks, the real benchmark's version row, the reported systems and their figures. Idempotent. */
export async function seedReported(db: Db): Promise<{ systems: number; figures: number }> {
  await seedTracks(db);
  const benchmark = await ensureRealBenchmark(db);
  const profile = await db.judgeProfile.upsert({
    where: { hash: REPORTED_JUDGE_PROFILE.hash },
    create: { ...REPORTED_JUDGE_PROFILE },
    update: {},
  });

  const systemIds = new Map<string, string>();
  for (const system of REPORTED_SYSTEMS) {
    const { packetsModel: _packetsModel, ...described } = system;
    const row = await db.system.upsert({ where: { slug: system.slug }, create: described, update: described });
    // the model's public facts, each with its source (reported-facts.ts), written only where no one edited them
    await writeSeededFacts(db, row.id, REPORTED_FACTS[system.slug]?.facts ?? {});
    systemIds.set(system.slug, row.id);
  }

  // One reported submission per (system, source): each source is cited separately on the page.
  const groups = new Map<string, { system: string; source: ReportedSourceKey; figures: (typeof REPORTED_FIGURES)[number][] }>();
  for (const figure of REPORTED_FIGURES) {
    const key = `${figure[0]}:${figure[1]}`;
    const group = groups.get(key) ?? { system: figure[0], source: figure[1], figures: [] };
    group.figures.push(figure);
    groups.set(key, group);
  }

  await db.$transaction(
    async (tx) => {
      for (const group of groups.values()) {
        const systemId = systemIds.get(group.system);
        if (!systemId) throw new Error(`reported figure for unknown system ${group.system}`);
        const id = `reported-${group.system}-${group.source}`;
        const tracks = [...new Set(group.figures.map((f) => f[2]))];
        const source = REPORTED_SOURCES[group.source];
        const fields = {
          systemId,
          benchmarkVersionId: benchmark.id,
          tracks,
          split: "full" as const,
          source: "reported" as const,
          status: "done" as const,
          sourceLabel: source.label,
          sourceUrl: source.url,
          scorerVersion: REPORTED_SCORE_VERSION,
          note: null,
        };
        await tx.submission.upsert({ where: { id }, create: { id, ...fields }, update: fields });
        for (const [, , track, metric, value] of group.figures) {
          const def = metricDef(track, metric);
          if (!def) throw new Error(`reported figure for unknown metric ${track}:${metric}`);
          const judgeProfileId = def.kind === "judge" ? profile.id : null;
          await tx.score.upsert({
            where: { submissionId_trackId_metric_scoreVersion: { submissionId: id, trackId: track, metric, scoreVersion: REPORTED_SCORE_VERSION } },
            create: { submissionId: id, trackId: track, metric, kind: def.kind, scoreVersion: REPORTED_SCORE_VERSION, judgeProfileId, value },
            update: { value, kind: def.kind, judgeProfileId },
          });
        }
      }
      // ~700 upserts one by one: Prisma's 5 s default was too short on a busy machine (seen at 4.3-6.5 s)
    },
    { timeout: 60_000 },
  );
  return { systems: REPORTED_SYSTEMS.length, figures: REPORTED_FIGURES.length };
}

export async function seedTracks(db: Db): Promise<void> {
  for (const [position, id] of TRACK_IDS.entries()) {
    const fields = { task: taskOf(id), label: TRACK_LABELS[id as TrackId], position };
    await db.track.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  }
}

export async function ensureRealBenchmark(db: Db) {
  return db.benchmarkVersion.upsert({
    where: { slug: REAL_BENCHMARK_SLUG },
    create: {
      slug: REAL_BENCHMARK_SLUG,
      name: "AlpsBench v1",
      description: "The AlpsBench benchmark (Xiao et al., 2026), derived from WildChat. ODC-BY.",
      source: "reported figures; instances appear once the real data is imported",
    },
    update: {},
  });
}
