import { exportable } from "./export-marks";
import type { Db } from "@/lib/db/create-client";
import type { EeeBenchmarkHook, EeeBoard, EeeInstanceItem } from "./hook";
import { EEE_SCHEMA_VERSION, type EeeAggregate, type EeeInstance } from "./types";
import { sha256Hex } from "./sha256";

/**
 * Bounds of the per-item JSONL: a row's file holds at most MAX_LINES_PER_ROW instances, one export at most
 * MAX_LINES_PER_EXPORT and about MAX_TEXT_PER_EXPORT characters of inputs, gold and outputs (a benchmark's inputs
 * can be long dialogues), so a `format=eee` download stays bounded whatever the board holds. A cut file says so in
 * its aggregate record (detailed_evaluation_results.additional_details).
 */
const MAX_LINES_PER_ROW = 1000;
const MAX_LINES_PER_EXPORT = 10_000;
const MAX_TEXT_PER_EXPORT = 32_000_000;

const textSize = (item: EeeInstanceItem) => item.input.length + item.output.length + item.reference.reduce((n, r) => n + r.length, 0);

export type RowInstances = { items: EeeInstanceItem[]; total: number };

/** Every public row's per-instance results the benchmark publishes, within the export's bounds (row id → items). */
export async function instancesOfBoards(db: Db, hook: EeeBenchmarkHook, boards: readonly EeeBoard[]): Promise<Map<string, RowInstances>> {
  const out = new Map<string, RowInstances>();
  if (!hook.instances) return out;
  const rowIds = [
    ...new Set(boards.flatMap((b) => b.board.rows.filter((r) => r.tier !== "reported" && r.tier !== "claimed" && exportable(r)).map((r) => r.rowId))),
  ].sort();
  let lines = MAX_LINES_PER_EXPORT;
  let text = MAX_TEXT_PER_EXPORT;
  for (const rowId of rowIds) {
    if (lines <= 0 || text <= 0) break;
    const found = await hook.instances(db, rowId, Math.min(MAX_LINES_PER_ROW, lines));
    if (!found) continue;
    const items: EeeInstanceItem[] = [];
    for (const item of found.items) {
      const size = textSize(item);
      if (size > text) break;
      text -= size;
      items.push(item);
    }
    if (items.length === 0) continue;
    lines -= items.length;
    out.set(rowId, { items, total: found.total });
  }
  return out;
}

/** One instance_level_eval line (single turn: the model answered once). */
function instanceLine(record: Pick<EeeAggregate, "evaluation_id" | "model_info">, item: EeeInstanceItem): EeeInstance {
  return {
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: record.evaluation_id,
    model_id: record.model_info.id,
    evaluation_name: item.evaluationName,
    sample_id: item.sampleId,
    sample_hash: item.sampleHash,
    interaction_type: "single_turn",
    input: { raw: item.input, reference: item.reference },
    output: { raw: [item.output] },
    messages: null,
    answer_attribution: [{ turn_idx: 0, source: "output.raw", extracted_value: item.output, extraction_method: "none", is_terminal: true }],
    evaluation: { score: item.score, is_correct: item.isCorrect },
    metadata: item.metadata,
  };
}

/**
 * The row's JSONL text and what its aggregate record says of it: the format's detailed_evaluation_results names
 * the file (relative to the record), its sha256 and its line count.
 */
export function instanceFile(
  record: EeeAggregate,
  found: RowInstances,
  fileName: string,
): { text: string; detailed: NonNullable<EeeAggregate["detailed_evaluation_results"]> } {
  const text = found.items.map((item) => `${JSON.stringify(instanceLine(record, item))}\n`).join("");
  const cut = found.total > found.items.length;
  return {
    text,
    detailed: {
      format: "jsonl",
      file_path: fileName,
      hash_algorithm: "sha256",
      checksum: sha256Hex(text),
      total_rows: found.items.length,
      additional_details: {
        public_instances: String(found.total),
        ...(cut ? { truncated: `the first ${found.items.length} of ${found.total} public instances` } : {}),
        hidden_split: "test-split instances are left out",
      },
    },
  };
}
