import pg from "pg";
import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import type { TrackInfo } from "@/lib/benchmarks/types";
import { seededRandom } from "@/lib/stats/seeded-random";

/**
 * A large, realistic leaderboard for the page benchmark: systems of every kind, submissions of every task,
 * tier, status, split and visibility, and their Score rows (every metric of every covered track; a fifth of
 * the submissions re-scored once, so two score versions). Deterministic (seeded PRNG), inserted in bulk.
 */
type LoadShape = { systems: number; submissions: number; benchmark: string };
type LoadReport = { systems: number; submissions: number; scores: number; publicDoneFull: number };

/**
 * The track groups a synthetic submission covers, one group at a time: the tracks that share the first segment of
 * their id ("task3/d100" and "task3/d300" are one task), as a run of the benchmark uploads them.
 */
function trackGroups(tracks: readonly TrackInfo[]): TrackInfo[][] {
  const groups = new Map<string, TrackInfo[]>();
  for (const track of tracks) {
    const group = track.id.split("/")[0]!;
    groups.set(group, [...(groups.get(group) ?? []), track]);
  }
  return [...groups.values()];
}

function metricValue(scale: string, random: () => number): number {
  if (scale === "hundred") return Math.round(random() * 10000) / 100;
  if (scale === "likert5") return 1 + Math.round(random() * 400) / 100;
  return Math.round(random() * 10000) / 10000;
}

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The Score columns after "id", in the INSERT's order. */
const SCORE_COLUMNS = ["submissionId", "trackId", "metric", "kind", "scoreVersion", "judgeProfileId", "value", "n", "ciLow", "ciHigh", "computedAt"] as const;

/**
 * 100,000+ Score rows through one `INSERT … SELECT FROM unnest(arrays)` per chunk: a few parameters per chunk
 * instead of twelve per row, several times faster than createMany here.
 */
async function insertScores(databaseUrl: string, scores: Prisma.ScoreCreateManyInput[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await inChunks(scores, 20_000, (chunk) =>
      client.query(
        `INSERT INTO "Score" ("id", "submissionId", "trackId", "metric", "kind", "scoreVersion", "judgeProfileId", "value", "n", "ciLow", "ciHigh", "computedAt")
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::"MetricKind"[], $6::text[], $7::text[], $8::float8[], $9::int[], $10::float8[], $11::float8[], $12::timestamptz[])`,
        [
          chunk.map((s, i) => `bench-score-${s.submissionId}-${i}-${s.trackId}-${s.metric}-${s.scoreVersion}`),
          ...SCORE_COLUMNS.map((column) => chunk.map((s) => s[column] ?? null)),
        ],
      ),
    );
  } finally {
    await client.end();
  }
}

export async function seedLoad(db: Db, databaseUrl: string, shape: LoadShape): Promise<LoadReport> {
  const random = seededRandom(20261122); // the same mulberry32 stream as before: two runs bench the same data
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const taskTracks = trackGroups(benchmarkOfDataVersion(shape.benchmark).tracks);
  const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: shape.benchmark }, select: { id: true } });
  const judge = await db.judgeProfile.findFirst({ select: { id: true } });

  const kinds = ["general_llm", "memory_system", "retrieval_baseline"] as const;
  const orgs = ["OpenAI", "Anthropic", "Google", "Meta", "Mistral", "Alibaba", "DeepSeek", "University lab", null];
  const systems: Prisma.SystemCreateManyInput[] = Array.from({ length: shape.systems }, (_, i) => ({
    id: `bench-sys-${i}`,
    slug: `bench-system-${i}`,
    name: `Bench System ${i}`,
    organisation: pick(orgs),
    kind: pick(kinds),
    backbone: random() < 0.5 ? pick(["GPT-4o", "Llama-3.1-70B", "Qwen2.5-72B", "Claude 3.5 Sonnet"]) : null,
    openWeights: random() < 0.5,
    description: "A synthetic system of the page benchmark.",
  }));

  const submissions: Prisma.SubmissionCreateManyInput[] = [];
  const scores: Prisma.ScoreCreateManyInput[] = [];
  const base = Date.UTC(2026, 0, 1);
  let publicDoneFull = 0;
  for (let i = 0; i < shape.submissions; i++) {
    const tracks = pick(taskTracks);
    const roll = random();
    const status = roll < 0.9 ? "done" : roll < 0.94 ? "queued" : roll < 0.97 ? "failed" : "scoring";
    const visibility = random() < 0.85 ? "public" : "private";
    const source = random() < 0.05 ? "reported" : "upload";
    const split = random() < 0.7 ? "full" : pick(["dev", "validation", "test"] as const);
    const hidden = random() < 0.02;
    const createdAt = new Date(base + i * 60_000);
    const id = `bench-sub-${i}`;
    if (status === "done" && visibility === "public" && split === "full" && !hidden) publicDoneFull++;
    submissions.push({
      id,
      // the first 1,000 submissions give every system one; the rest land on random systems
      systemId: `bench-sys-${i < shape.systems ? i : Math.floor(random() * shape.systems)}`,
      benchmarkVersionId: benchmark.id,
      tracks: tracks.map((track) => track.id),
      split,
      source,
      status,
      visibility,
      sourceLabel: source === "reported" ? "Bench paper, Table 2" : null,
      sourceUrl: source === "reported" ? "https://example.org/bench-paper" : null,
      note: random() < 0.1 ? "Synthetic note of the page benchmark." : null,
      scorerVersion: "det-1.0.0",
      verifiedAt: source === "upload" && random() < 0.2 ? new Date(createdAt.getTime() + 3_600_000) : null,
      hiddenAt: hidden ? new Date(createdAt.getTime() + 7_200_000) : null,
      moderationReason: hidden ? "bench: hidden" : null,
      createdAt,
      finishedAt: status === "done" ? new Date(createdAt.getTime() + 600_000) : null,
    });
    if (status !== "done") continue;
    const versions = random() < 0.2 ? ["det-0.9.0", "det-1.0.0"] : ["det-1.0.0"];
    versions.forEach((scoreVersion, v) => {
      for (const track of tracks) {
        for (const metric of track.metrics) {
          const value = metricValue(metric.scale, random);
          scores.push({
            submissionId: id,
            trackId: track.id,
            metric: metric.id,
            kind: metric.kind === "judge" ? "judge" : "deterministic", // the Score table stores a judge figure or a computed one
            scoreVersion,
            judgeProfileId: metric.kind === "judge" ? (judge?.id ?? null) : null,
            value,
            n: 500 + Math.floor(random() * 2000),
            ciLow: value * 0.97,
            ciHigh: value * 1.03,
            computedAt: new Date(createdAt.getTime() + 600_000 + v * 86_400_000),
          });
        }
      }
    });
  }

  await db.system.createMany({ data: systems });
  await inChunks(submissions, 2_000, (chunk) => db.submission.createMany({ data: chunk }));
  await insertScores(databaseUrl, scores);
  return { systems: systems.length, submissions: submissions.length, scores: scores.length, publicDoneFull };
}
