import { strToU8, zipSync } from "fflate";
import type { EeeBenchmarkHook, EeeBoard } from "./hook";
import { aggregatesOf, pathSegment } from "./export-aggregate";
import { instanceFile, type RowInstances } from "./export-instances";
import { hfEvalResultsYaml } from "./hf-eval-results";
import { sha256Hex } from "./sha256";

/**
 * The Every Eval Ever download (`format=eee`): one aggregate JSON per public row under
 * `every_eval_ever/<dataset>/<developer>/<model>/<row>.json`, one Hugging Face `.eval_results` YAML per row under
 * `hf_eval_results/<model>/.eval_results/<dataset>-<row>.yaml`, and `checksums.sha256` (sha256sum's format) over
 * every file, so a reader checks the download with `sha256sum -c`. A row whose per-instance results are public
 * (`instances`, lib/eee/export-instances.ts) also gets `<row>.samples.jsonl` beside its record, which names it
 * with its sha256 in detailed_evaluation_results. `siteUrl` is the site's public origin (lib/http/public-origin.ts):
 * every link of the files is written with it, so a stored build is keyed on it.
 */
export function eeeZipFiles(
  hook: EeeBenchmarkHook,
  boards: readonly EeeBoard[],
  options: { retrievedAt: Date; siteUrl: string; instances?: ReadonlyMap<string, RowInstances> },
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { path, record } of aggregatesOf(hook, boards, options.retrievedAt, options.siteUrl)) {
    const found = options.instances?.get(record.source_metadata.additional_details?.row_id ?? "");
    if (found) {
      const jsonlPath = path.replace(/\.json$/, ".samples.jsonl");
      const { text, detailed } = instanceFile(record, found, jsonlPath.slice(jsonlPath.lastIndexOf("/") + 1));
      record.detailed_evaluation_results = detailed;
      files[`every_eval_ever/${jsonlPath}`] = text;
    }
    files[`every_eval_ever/${path}`] = `${JSON.stringify(record, null, 2)}\n`;
    const slug = record.model_info.additional_details?.system_slug ?? pathSegment(record.model_info.id);
    const row = record.source_metadata.additional_details?.row_id ?? "row";
    files[`hf_eval_results/${pathSegment(slug)}/.eval_results/${pathSegment(hook.datasetName).toLowerCase()}-${pathSegment(row)}.yaml`] = hfEvalResultsYaml(
      hook,
      record,
      options.retrievedAt,
      options.siteUrl,
    );
  }
  const names = Object.keys(files).sort();
  files["checksums.sha256"] = names.map((name) => `${sha256Hex(files[name]!)}  ${name}\n`).join("");
  return files;
}

export function zipOf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}
