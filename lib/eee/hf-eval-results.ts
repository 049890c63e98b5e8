import { stringify } from "yaml";
import type { EeeBenchmarkHook } from "./hook";
import type { EeeAggregate } from "./types";

/**
 * Hugging Face model repos carry evaluation results as `.eval_results/<name>.yaml`: a list of entries with
 * `dataset.id` (a registered benchmark dataset), `dataset.task_id`, `value`, an optional `date` and `source`
 * (url, name) and `notes` (huggingface.co/docs/hub/eval-results). One file per model of the export, one entry per
 * figure; the task id is "<track>/<metric>".
 */
export function hfEvalResultsYaml(hook: EeeBenchmarkHook, record: EeeAggregate, date: Date, sourceUrl: string): string {
  const entries = record.evaluation_results.map((result) => {
    const extra = result.metric_config.additional_details ?? {};
    const taskId = extra.track && extra.metric ? `${extra.track}/${extra.metric}` : result.evaluation_name;
    return {
      dataset: { id: hook.hfDatasetId ?? hook.datasetName, task_id: taskId },
      value: result.score_details.score,
      date: date.toISOString().slice(0, 10),
      source: { url: sourceUrl, name: record.source_metadata.source_name ?? hook.publisher.name },
      notes: `${record.source_metadata.additional_details?.tier ?? "reported"}; ${result.evaluation_name}`,
    };
  });
  return stringify(entries);
}
