import { stringify } from "yaml";
import type { EeeBenchmarkHook } from "./hook";
import type { EeeAggregate } from "./types";

/** The marks of a record (lib/eee/export-marks.ts) in a few words, for `notes`: what the board shows beside the figure. */
function marksNote(hook: EeeBenchmarkHook, details: Record<string, string>): string[] {
  const out: string[] = [];
  if (details.review_state) out.push(`review ${details.review_state}${details.review_note ? ` (${details.review_note})` : ""}`);
  // the benchmark's own marks (its rows' extras), where marksOf puts them
  out.push(...(hook.marksNote?.(details) ?? []));
  if (details.below_baseline) out.push(`below reference ${details.below_baseline}`);
  if (details.covered_instances) out.push(`covers ${details.covered_instances} of ${details.expected_instances} instances`);
  if (details.unranked_reason) out.push(`unranked: ${details.unranked_reason}`);
  return out;
}

/**
 * Hugging Face model repos carry evaluation results as `.eval_results/<name>.yaml`: a list of entries with
 * `dataset.id` (a registered benchmark dataset), `dataset.task_id`, `value`, an optional `date` and `source`
 * (url, name) and `notes` (huggingface.co/docs/hub/eval-results). One file per model of the export, one entry per
 * figure; the task id is "<track>/<metric>". `source.url` is the row's system page on this site (else the site),
 * written with `origin`, the site's public origin (lib/http/public-origin.ts; "" leaves it relative).
 */
export function hfEvalResultsYaml(hook: EeeBenchmarkHook, record: EeeAggregate, date: Date, origin: string): string {
  const details = record.source_metadata.additional_details ?? {};
  const url = details.system_url ?? `${origin}/`;
  const marks = marksNote(hook, details);
  const entries = record.evaluation_results.map((result) => {
    const extra = result.metric_config.additional_details ?? {};
    const taskId = extra.track && extra.metric ? `${extra.track}/${extra.metric}` : result.evaluation_name;
    return {
      dataset: { id: hook.hfDatasetId ?? hook.datasetName, task_id: taskId },
      value: result.score_details.score,
      date: date.toISOString().slice(0, 10),
      source: { url, name: record.source_metadata.source_name ?? hook.publisher.name },
      notes: [details.tier ?? "reported", result.evaluation_name, ...marks].join("; "),
    };
  });
  return stringify(entries);
}
