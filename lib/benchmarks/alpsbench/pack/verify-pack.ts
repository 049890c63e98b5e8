import { stableStringify } from "@/lib/llm-judge/stable-json";
import type { PackFigure } from "@/lib/packs/manifest";
import type { VerifyLine } from "@/lib/packs/pack-url";
import { parseJsonLines, type ReadPack } from "@/lib/packs/zip-pack";
import type { PredictionFileRow } from "@/lib/uploads/read-prediction-file";
import { parseStoredPredictions } from "@/lib/benchmarks/alpsbench/pipeline/submission-predictions";
import {
  aggregateInputOf,
  aggregateScores,
  scoreTrack,
  type AggregateInput,
  type AggregateMetric,
  type ScorableInstance,
} from "@/lib/benchmarks/alpsbench/pipeline/score-track";
import { taskOf, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { judgeAggregates } from "../pipeline/submission-judge";
import { compareFigure, figureLabel } from "./compare-figure";
import { readDataFolder, type DataIndex } from "./data-folder";
import { goldHash, goldPath, judgePath, PUBLIC_GOLD_SPLITS, resultsPath, seedPredictionsPath, type JudgeLine, type ResultLine } from "./pack-layout";

type Aggregates = { metrics: Record<string, AggregateMetric>; splitMetrics: Partial<Record<Split, Record<string, AggregateMetric>>> };

/**
 * `alpsbench verify`: every figure of an AlpsBench pack recomputed offline with the server's own pure scorer
 * (lib/benchmarks/alpsbench/pipeline/score-track.ts) against a data folder, and every file checked against the manifest's sha256.
 * Predictions published: re-scored from them; otherwise re-aggregated from the per-instance results. Judge figures
 * are re-aggregated from the stored verdicts (a judge call cannot be repeated offline). A figure over instances
 * whose gold the folder lacks (the hidden test split) is said to be the server's to check.
 */
export async function verifyAlpsBenchPack(pack: ReadPack, dataDir: string): Promise<VerifyLine[]> {
  const { manifest } = pack;
  const lines: VerifyLine[] = pack.integrity.map((i) => ({ status: i.ok ? "match" : "mismatch", label: `file ${i.path}`, note: i.message }));
  const data = await readDataFolder(dataDir);
  for (const track of manifest.submission.tracks) lines.push(...(await verifyTrack(pack, data, dataDir, track as TrackId)));
  return lines;
}

async function verifyTrack(pack: ReadPack, data: DataIndex, dataDir: string, track: TrackId): Promise<VerifyLine[]> {
  const { manifest } = pack;
  const out: VerifyLine[] = [];
  const figures = manifest.figures.filter((f) => f.track === track);
  const resultsBytes = pack.files.get(resultsPath(track));
  if (!resultsBytes) {
    for (const f of figures) out.push({ status: "mismatch", label: figureLabel(f), note: `${resultsPath(track)} is missing or failed its sha256 check` });
    return out;
  }
  const order = parseJsonLines(resultsBytes) as ResultLine[];
  const splitOf = new Map(order.map((l) => [l.benchmark_id, l.split as Split]));
  const folder = data.get(track) ?? new Map();

  // gold: the Task 3 pools are built by the server, so their public gold travels in the pack; the rest is the folder's
  const packGold = taskOf(track) === "task3" ? pack.files.get(goldPath(track)) : undefined;
  const goldOf = new Map<string, unknown>();
  if (taskOf(track) === "task3") {
    if (packGold) for (const line of parseJsonLines(packGold) as { benchmark_id: string; gold: unknown }[]) goldOf.set(line.benchmark_id, line.gold);
    const hash = goldHash([...goldOf].map(([benchmarkId, gold]) => ({ benchmarkId, gold })));
    out.push(
      hashLine(
        track,
        manifest.benchmark.data_hashes[track],
        hash,
        "Task 3 gold read from the pack (the server builds the pools; the data folder does not hold them)",
      ),
    );
  } else {
    for (const [id, instance] of folder) if (instance.gold !== null) goldOf.set(id, instance.gold);
    // the splits are the server's (the results file's): the folder's own split labels may predate the official split
    const publicGold = order
      .filter((l) => PUBLIC_GOLD_SPLITS.includes(l.split) && goldOf.has(l.benchmark_id))
      .map((l) => ({ benchmarkId: l.benchmark_id, gold: goldOf.get(l.benchmark_id) }));
    out.push(hashLine(track, manifest.benchmark.data_hashes[track], goldHash(publicGold), `public gold in ${dataDir}`));
  }

  const computed = await computeAggregates(pack, track, order, goldOf, folder, splitOf);
  const judge = judgeFigures(pack, track);
  for (const f of figures) {
    if (f.noised) {
      out.push({
        status: "server-only",
        label: figureLabel(f),
        published: String(f.value),
        note: "published noised and rounded (hidden test instances): only the server holds the exact figure",
      });
      continue;
    }
    if (f.kind === "judge") {
      out.push(judge(f));
      continue;
    }
    if ("error" in computed) {
      out.push({ status: "mismatch", label: figureLabel(f), note: computed.error });
      continue;
    }
    const inScope = order.filter((l) => f.scope === manifest.submission.scope || l.split === f.scope);
    const lacking = inScope.filter((l) => !computed.covered.has(l.benchmark_id)).length;
    if (lacking > 0) {
      out.push({
        status: "server-only",
        label: figureLabel(f),
        published: String(f.value),
        note: `${lacking} of its ${inScope.length} instances have no gold in the data folder (hidden test split): only the server can re-score them; the pack's files are checked above`,
      });
      continue;
    }
    const recomputed =
      f.scope === manifest.submission.scope ? computed.aggregates.metrics[f.metric] : computed.aggregates.splitMetrics[f.scope as Split]?.[f.metric];
    out.push(compareFigure(f, recomputed, computed.how));
  }
  if (!("error" in computed) && computed.perInstance) out.push(computed.perInstance);
  return out;
}

function hashLine(track: string, published: string | undefined, recomputed: string, where: string): VerifyLine {
  return {
    status: published === recomputed ? "match" : "mismatch",
    label: `data ${track} public gold sha256`,
    published: published ?? "absent",
    recomputed,
    note: where,
  };
}

type Computed = { aggregates: Aggregates; covered: Set<string>; how: string; perInstance?: VerifyLine } | { error: string };

/** The track's aggregates over the instances whose gold is at hand, in the server's order, seeded as the server seeds. */
async function computeAggregates(
  pack: ReadPack,
  track: TrackId,
  order: readonly ResultLine[],
  goldOf: ReadonlyMap<string, unknown>,
  folder: ReadonlyMap<string, { input: unknown }>,
  splitOf: ReadonlyMap<string, Split>,
): Promise<Computed> {
  const { manifest } = pack;
  const seed = manifest.bootstrap.seed;
  const options = { seed, ...(manifest.submission.scope === "full" ? { splitOf: (id: string) => splitOf.get(id) } : {}) };
  const listed = manifest.files.filter((f) => f.role === "predictions");
  if (listed.length > 0) {
    const path = manifest.submission.source === "seed" ? seedPredictionsPath(track) : listed[0]!.path;
    const bytes = pack.files.get(path);
    if (!bytes) return { error: `${path} is missing or failed its sha256 check (a changed prediction file): nothing was re-scored` };
    const rows = await readRows(bytes, manifest.submission.source === "seed");
    const instances: ScorableInstance[] = order
      .filter((l) => goldOf.has(l.benchmark_id))
      .map((l) => ({ benchmarkId: l.benchmark_id, input: folder.get(l.benchmark_id)?.input ?? null, gold: goldOf.get(l.benchmark_id) }));
    const score = scoreTrack(track, instances, rows, options);
    // each public instance's stored result beside the re-scored one
    const stored = new Map(order.filter((l) => l.metrics).map((l) => [l.benchmark_id, l.metrics!]));
    let same = 0;
    let compared = 0;
    for (const instance of score.instances) {
      const kept = stored.get(instance.benchmarkId);
      if (!kept) continue;
      compared += 1;
      const keys = Object.keys(instance.metrics);
      if (stableStringify(instance.metrics) === stableStringify(Object.fromEntries(keys.map((k) => [k, kept[k] ?? null])))) same += 1;
    }
    const perInstance: VerifyLine = {
      status: same === compared ? "match" : "mismatch",
      label: `${track} per-instance results`,
      published: `${compared} public instances`,
      recomputed: `${same} equal`,
    };
    return { aggregates: score, covered: new Set(instances.map((i) => i.benchmarkId)), how: "re-scored from the pack's predictions", perInstance };
  }
  const ids: string[] = [];
  const inputs: AggregateInput[] = [];
  for (const line of order) {
    const input = line.metrics ? aggregateInputOf(track, line.metrics, line.detail) : null;
    if (!input) continue;
    ids.push(line.benchmark_id);
    inputs.push(input);
  }
  return {
    aggregates: aggregateScores(track, ids, inputs, options),
    covered: new Set(ids),
    how: "re-aggregated from the per-instance results (the predictions are not published)",
  };
}

async function readRows(bytes: Uint8Array, seedRows: boolean): Promise<PredictionFileRow[]> {
  if (seedRows) return parseJsonLines(bytes).map((value, k) => ({ line: k + 1, value }));
  // an upload as stored, read by the server's own streaming reader (JSONL or a JSON array, line-numbered)
  return (await parseStoredPredictions(bytes)).rows;
}

/** Judge figures: the stored verdicts re-aggregated with the server's function and seed. */
function judgeFigures(pack: ReadPack, track: TrackId): (f: PackFigure) => VerifyLine {
  const bytes = pack.files.get(judgePath(track));
  const rows = bytes ? (parseJsonLines(bytes) as JudgeLine[]) : null;
  return (f) => {
    const how = "re-aggregated from the pack's stored verdicts (a judge cannot be re-run offline)";
    if (!rows) return { status: "mismatch", label: figureLabel(f), note: `${judgePath(track)} is missing or failed its sha256 check` };
    const hidden = rows.filter((r) => !r.metrics).length;
    if (hidden > 0)
      return {
        status: "server-only",
        label: figureLabel(f),
        published: String(f.value),
        note: `${hidden} verdicts on hidden test instances are not in the pack: only the server can check`,
      };
    const aggregates = judgeAggregates(
      track,
      rows.map((r) => ({ metrics: r.metrics, meta: r.meta })),
      pack.manifest.bootstrap.seed,
    );
    return compareFigure(f, aggregates[f.metric], how);
  };
}
