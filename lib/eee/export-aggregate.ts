import { readableHeader } from "@/lib/leaderboard/to-table";
import type { LeaderboardColumn, LeaderboardRow, MetricCell } from "@/lib/leaderboard/types";
import type { EeeBenchmarkHook, EeeBoard } from "./hook";
import { exportable, linksOf, marksOf } from "./export-marks";
import { boundsOfScale, sourceOfTier } from "./relationship";
import { EEE_SCHEMA_VERSION, type EeeAggregate, type EeeEvaluationResult } from "./types";

/** A path segment of the export's folders: what the format's own repository uses (letters, digits, . _ -). */
export const pathSegment = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "unknown";

/** Every Eval Ever's model id is Hugging Face style, "<developer>/<model>"; a system without an organisation is its slug. */
function modelIdOf(row: Pick<LeaderboardRow, "organisation" | "systemSlug">): string {
  return row.organisation ? `${pathSegment(row.organisation).toLowerCase()}/${row.systemSlug}` : row.systemSlug;
}

/** Only strings in the format's free maps: null and undefined are left out. */
function details(entries: Record<string, string | number | boolean | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) if (value !== null && value !== undefined) out[key] = String(value);
  return out;
}

function resultOf(hook: EeeBenchmarkHook, entry: EeeBoard, column: LeaderboardColumn, cell: MetricCell, bounds: { min: number; max: number }): EeeEvaluationResult {
  const ci = cell.ciLow !== null && cell.ciHigh !== null ? { lower: cell.ciLow, upper: cell.ciHigh, confidence_level: 0.95, method: "bootstrap" } : undefined;
  const uncertainty = ci || cell.n !== null ? { ...(ci ? { confidence_interval: ci } : {}), ...(cell.n !== null ? { num_samples: cell.n } : {}) } : undefined;
  return {
    evaluation_name: `${hook.datasetName} ${entry.trackTitle} · ${readableHeader(column)}`,
    source_data: { dataset_name: hook.datasetName, source_type: "url", url: [...hook.datasetUrls] },
    metric_config: {
      evaluation_description: column.description,
      lower_is_better: column.direction === "lower",
      score_type: "continuous",
      min_score: bounds.min,
      max_score: bounds.max,
      ...(column.kind === "judge" && cell.judgeProfile
        ? {
            llm_scoring: {
              judges: [{ model_info: { name: cell.judgeProfile, id: cell.judgeProfile } }],
              input_prompt: `the judge profile "${cell.judgeProfile}" (its prompt template is versioned with the profile)`,
            },
          }
        : {}),
      additional_details: details({ track: entry.track, metric: column.id, decimals: column.decimals, scale: column.scale, group: column.group }),
    },
    score_details: { score: cell.value!, ...(uncertainty ? { uncertainty } : {}) },
  };
}

/**
 * One aggregate record per public row (a submission: a reported source, a re-scored run or an upload) over every
 * track's board it has figures on, with every mark the board shows on it (lib/eee/export-marks.ts). A row held for
 * review, rejected or flagged by a check is not exported at all. `retrievedAt` is the export's time
 * (the format's retrieved_timestamp, Unix seconds); `origin` the site's public origin its links are written with
 * (lib/http/public-origin.ts; "" leaves them relative), a parameter so a stored export is keyed on it.
 */
export function aggregatesOf(hook: EeeBenchmarkHook, boards: readonly EeeBoard[], retrievedAt: Date, origin: string): { path: string; record: EeeAggregate }[] {
  const byRow = new Map<string, { row: LeaderboardRow; results: EeeEvaluationResult[] }>();
  for (const entry of boards) {
    for (const row of entry.board.rows) {
      if (!exportable(row)) continue;
      const results = entry.board.columns.flatMap((column) => {
        const cell = row.cells[column.id];
        // a figure the table shows without its exact value (a noised test figure) is not exported as if exact
        if (!cell || cell.value === null || !Number.isFinite(cell.value) || cell.noised) return [];
        // the format wants a continuous score's range; a raw column does not state one, so it is not exported
        const bounds = boundsOfScale(column.scale);
        return bounds ? [resultOf(hook, entry, column, cell, bounds)] : [];
      });
      if (results.length === 0) continue;
      const slot = byRow.get(row.rowId) ?? { row, results: [] };
      slot.results.push(...results);
      byRow.set(row.rowId, slot);
    }
  }
  const seconds = String(Math.floor(retrievedAt.getTime() / 1000));
  return [...byRow.values()].map(({ row, results }) => {
    const { sourceType, relationship } = sourceOfTier(row.tier);
    const computed = row.tier !== "reported" && row.tier !== "claimed";
    const modelId = modelIdOf(row);
    const record: EeeAggregate = {
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: `${pathSegment(hook.datasetName)}/${modelId}/${row.rowId}`,
      retrieved_timestamp: seconds,
      source_metadata: {
        source_name: row.sourceLabel ?? `${hook.publisher.name} (${row.tier})`,
        source_type: sourceType,
        source_organization_name: computed ? hook.publisher.name : row.tier === "claimed" ? (row.sourceLabel ?? "unknown") : hook.authors.name,
        source_organization_url: computed ? hook.publisher.url : row.tier === "claimed" ? (row.sourceUrl ?? undefined) : hook.authors.url,
        evaluator_relationship: relationship,
        additional_details: details({
          tier: row.tier,
          row_id: row.rowId,
          source_url: row.sourceUrl,
          note: row.note,
          submitted_by: row.submittedBy,
          ...linksOf(row, origin),
          ...marksOf(row),
        }),
      },
      eval_library: { name: hook.publisher.name, version: computed ? hook.scorerVersion : "unknown" },
      model_info: {
        name: row.systemName,
        id: modelId,
        ...(row.organisation ? { developer: row.organisation } : {}),
        additional_details: details({
          system_slug: row.systemSlug,
          kind: row.kind,
          backbone: row.backbone,
          open_weights: row.openWeights,
          params_b: row.facts?.paramsB,
          active_params_b: row.facts?.activeParamsB,
          license: row.facts?.license,
          release_date: row.facts?.releaseDate,
          model_url: row.facts?.modelUrl,
        }),
      },
      evaluation_results: results,
    };
    const path = `${pathSegment(hook.datasetName)}/${pathSegment(row.organisation ?? "unknown")}/${pathSegment(row.systemSlug)}/${pathSegment(row.rowId)}.json`;
    return { path, record };
  });
}
