import { DatasetError } from "./errors";
import { mapWithConcurrency, parseOrThrow, readJsonFile } from "./io";
import { PacketLlmOutputs } from "./packet-schema";
import { listPacketFiles } from "./read-packets-layout";

/**
 * Display names (docs, reported CSVs, paper) of the 7 LLMs whose Task 1 outputs the packets store,
 * keyed by the name used inside the packets (`task1.llm_outputs.<name>`). Source: PROVENANCE.md and
 * the reported figures' column headers.
 */
const PACKET_MODEL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "gpt-5.2": ["GPT-5.2"],
  "gpt-4.1-mini_again": ["GPT-4.1-mini", "gpt-4.1-mini"],
  "deepseek-reasoner": ["DeepSeek-v3.2", "DeepSeek-v3.2 (thinking)", "DeepSeek Reasoner"],
  "gemini-3-flash-preview": ["Gemini-3 Flash", "Gemini-3-Flash"],
  "llama-4-maverick": ["Llama-4 Maverick", "meta-llama"],
  "claude-sonnet-4-5-20250929": ["Claude-Sonnet-4.5", "Claude Sonnet 4.5"],
  "qwen3-max": ["Qwen3-max", "qwen3_max_ali"],
};

/** Maps a requested name (packet name or display alias, any case) to a name present in `available`. */
export function resolvePacketModelName(requested: string, available: readonly string[]): string | null {
  const wanted = requested.trim();
  if (available.includes(wanted)) return wanted;
  const folded = wanted.toLowerCase();
  const caseInsensitive = available.find((name) => name.toLowerCase() === folded);
  if (caseInsensitive) return caseInsensitive;
  for (const [packetName, aliases] of Object.entries(PACKET_MODEL_ALIASES)) {
    if (available.includes(packetName) && aliases.some((alias) => alias.toLowerCase() === folded)) return packetName;
  }
  return null;
}

interface ExportedPredictionRow {
  benchmark_id: string;
  /** the stored items exactly as the packets hold them */
  memory_items: unknown[];
}

/** One packet's stored LLM outputs (task1.llm_outputs), checked, with the file name for messages. */
export interface PacketOutputs {
  shown: string;
  sessionDir: string;
  outputs: Record<string, { memory_items: unknown[] }>;
}

/** A packet's parsed JSON checked as PacketOutputs (the import reads each packet once and keeps only this). */
export function packetOutputsOf(raw: unknown, shown: string): PacketOutputs {
  const packet = parseOrThrow(PacketLlmOutputs, raw, { file: shown });
  return { shown, sessionDir: packet.task1.session_dir, outputs: packet.task1.llm_outputs };
}

/**
 * Task 1 prediction rows `{benchmark_id, memory_items}` from `task1.llm_outputs.<model>.memory_items`
 * of every packet, in manifest order. `model` may be the packets' name (`gpt-5.2`) or a display alias
 * (`GPT-5.2`); an unknown name fails with the list of available ones.
 */
export async function exportPredictionsFromPackets(dir: string, task: "task1", model: string): Promise<{ model: string; rows: ExportedPredictionRow[] }> {
  if (task !== "task1") {
    throw new RangeError(`only task1 can be exported (the packets store LLM outputs for Task 1 only), got ${String(task)}`);
  }
  const { files } = await listPacketFiles(dir);
  const first = files[0];
  if (!first) return { model, rows: [] };
  // Resolve the name against the first packet before reading the others (an unknown name fails fast).
  const head = packetOutputsOf(await readJsonFile(first.file, first.shown), first.shown);
  resolveIn(head, model);
  const packets = await mapWithConcurrency(files, 16, async (ref) => packetOutputsOf(await readJsonFile(ref.file, ref.shown), ref.shown));
  return predictionsFromPacketOutputs(packets, model);
}

/** Every packet's stored LLM outputs, in manifest order (one read of the packets for all models). */
export async function readPacketOutputs(dir: string): Promise<PacketOutputs[]> {
  const { files } = await listPacketFiles(dir);
  return mapWithConcurrency(files, 16, async (ref) => packetOutputsOf(await readJsonFile(ref.file, ref.shown), ref.shown));
}

function resolveIn(first: PacketOutputs, model: string): string {
  const available = Object.keys(first.outputs).sort();
  const resolved = resolvePacketModelName(model, available);
  if (resolved) return resolved;
  const listed = available.map((name) => {
    const aliases = PACKET_MODEL_ALIASES[name];
    return aliases ? `${name} (${aliases.join(", ")})` : name;
  });
  throw new DatasetError({
    code: "unknown_model",
    file: first.shown,
    field: "task1.llm_outputs",
    message: `no outputs for model ${JSON.stringify(model)}; available: ${listed.join("; ")}`,
  });
}

/**
 * exportPredictionsFromPackets over packets already read (manifest order): the name is resolved against the
 * first packet, then required in every packet. The import reads each packet once for the instances and all
 * seven models' re-scoring (reading the 165 MB again per model would cost the import seven more passes).
 */
export function predictionsFromPacketOutputs(packets: readonly PacketOutputs[], model: string): { model: string; rows: ExportedPredictionRow[] } {
  const first = packets[0];
  if (!first) return { model, rows: [] };
  const resolved = resolveIn(first, model);
  const rows = packets.map((packet) => {
    const output = packet.outputs[resolved];
    if (!output) {
      throw new DatasetError({
        code: "unknown_model",
        file: packet.shown,
        field: `task1.llm_outputs`,
        message: `no outputs for model ${JSON.stringify(resolved)} in this packet; it has: ${Object.keys(packet.outputs).sort().join(", ")}`,
      });
    }
    return { benchmark_id: packet.sessionDir, memory_items: output.memory_items };
  });
  return { model: resolved, rows };
}
