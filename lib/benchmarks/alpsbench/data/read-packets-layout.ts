import path from "node:path";
import type { TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { DatasetError, inconsistent } from "./errors";
import { IdRegistry } from "./id-registry";
import { assertDirectory, displayPathFor, exists, mapWithConcurrency, parseOrThrow, readJsonFile, readJsonLines } from "./io";
import type { DialogueTurn, MemoryItem, NormalizedInstance, Task4Gold, Task4Input, UnsplitInstance } from "./normalized-instance";
import { ChunkManifest, Packet, PacketsManifest, Task4Record } from "./packet-schema";
import { withOfficialSplits } from "./split";
import { eiLanguageOf, task4BenchmarkId } from "./task4-ids";

const TASK4_RECORDS_FILE = "task4-records.jsonl";

interface ReadPacketsOptions {
  /**
   * task4-records.jsonl: a path, or false to read only the Task 4 entries inside the packets (then
   * ability 5 stays empty). Default: `<dir>/task4-records.jsonl`, else next to the packets folder.
   */
  task4Records?: string | false;
  /** called after each packet file is read and checked, with the number of files (for progress) */
  onPacket?: (total: number) => void;
  /**
   * called with each packet's parsed JSON (after it was checked) and its manifest index: the import takes the
   * stored LLM outputs from it instead of reading every file again per model
   */
  onPacketJson?: (json: unknown, ref: PacketFileRef, index: number) => void;
}

interface PacketFileRef {
  file: string;
  shown: string;
  sessionId: string;
}

/**
 * Resolves the packets folder (the directory itself, or its `packets/` child) and lists every packet
 * file in manifest order, checking the top-level and chunk manifests against each other.
 */
export async function listPacketFiles(dir: string): Promise<{ packetsDir: string; shown: (p: string) => string; files: PacketFileRef[] }> {
  const root = path.resolve(dir);
  const shown = displayPathFor(root);
  await assertDirectory(root, shown(root));
  const nested = path.join(root, "packets");
  const packetsDir = (await exists(path.join(nested, "manifest.json"))) ? nested : root;

  const manifestFile = path.join(packetsDir, "manifest.json");
  const manifest = parseOrThrow(PacketsManifest, await readJsonFile(manifestFile, shown(manifestFile)), { file: shown(manifestFile) });

  const files: PacketFileRef[] = [];
  for (const [index, chunk] of manifest.chunks.entries()) {
    const chunkDir = path.resolve(packetsDir, chunk.path);
    if (path.relative(packetsDir, chunkDir).startsWith("..")) {
      throw new DatasetError({ code: "invalid_field", file: shown(manifestFile), field: `chunks[${index}].path`, message: "points outside the packets folder" });
    }
    const chunkManifestFile = path.join(chunkDir, "manifest.json");
    const chunkManifest = parseOrThrow(ChunkManifest, await readJsonFile(chunkManifestFile, shown(chunkManifestFile)), {
      file: shown(chunkManifestFile),
    });
    if (chunkManifest.sessions.length !== chunk.session_count) {
      throw inconsistent(
        { file: shown(chunkManifestFile) },
        "sessions",
        `lists ${chunkManifest.sessions.length} sessions, the top manifest says ${chunk.session_count}`,
      );
    }
    for (const session of chunkManifest.sessions) {
      const file = path.join(chunkDir, session.file);
      files.push({ file, shown: shown(file), sessionId: session.session_id });
    }
  }
  if (files.length !== manifest.total_session_count) {
    throw inconsistent({ file: shown(manifestFile) }, "total_session_count", `says ${manifest.total_session_count}, the chunk manifests list ${files.length}`);
  }
  return { packetsDir, shown, files };
}

interface SessionContext {
  shown: string;
  dialogue: DialogueTurn[];
  goldById: Map<string, MemoryItem>;
}

/** A Task 4 instance as a packet entry or a task4-records.jsonl line gives it. */
type Task4Source = Pick<Task4Record, "ability" | "queries" | "task4_selected_memory_id" | "task4_selected_memory">;

/**
 * Reads the packets layout into normalized instances: task1, task2, task3/d100 (the released d100
 * pool as is) from the packets, task4/ability1..5 from the packets' Task 4 entries plus
 * task4-records.jsonl (the records add ability 5 and a few rows; where both have an instance they
 * must agree). Splits follow the official rule applied to the ids present here (see split.ts).
 */
export async function readPacketsLayout(dir: string, options: ReadPacketsOptions = {}): Promise<NormalizedInstance[]> {
  const { packetsDir, shown, files } = await listPacketFiles(dir);
  const registry = new IdRegistry();
  const sessions = new Map<string, SessionContext>();
  const task4Seen = new Map<string, { source: Task4Source; shown: string; field: string }>();

  const perPacket = await mapWithConcurrency(files, 16, async (ref, index) => {
    const json = await readJsonFile(ref.file, ref.shown);
    const packet = parseOrThrow(Packet, json, { file: ref.shown });
    options.onPacketJson?.(json, ref, index);
    options.onPacket?.(files.length);
    return { ref, packet };
  });

  const instances: UnsplitInstance[] = [];
  const task4Instances: UnsplitInstance[] = [];

  for (const { ref, packet } of perPacket) {
    const file = ref.shown;
    if (packet.session_id !== ref.sessionId) {
      throw inconsistent({ file }, "session_id", `is ${JSON.stringify(packet.session_id)}, the chunk manifest says ${JSON.stringify(ref.sessionId)}`);
    }
    const sessionId = packet.session_id;
    const { task1, task2, task3 } = packet;

    if (!task1.session_dir.startsWith(`${sessionId}__`)) {
      throw inconsistent({ file }, "task1.session_dir", `expected "${sessionId}__<canonical_id>", got ${JSON.stringify(task1.session_dir)}`);
    }
    registry.register("task1", task1.session_dir, { file, field: "task1.session_dir" });
    instances.push({
      track: "task1",
      benchmarkId: task1.session_dir,
      sessionId,
      input: { dialogue: packet.dialogue, ...(task1.memory_extraction_query ? { instruction: task1.memory_extraction_query } : {}) },
      gold: { memory_items: task1.ground_truth_memories },
      meta: { source: "packets", canonicalId: task1.canonical_id, ...(task1.stratum ? { stratum: task1.stratum } : {}) },
    });

    if (task2.canonical_id !== sessionId) {
      throw inconsistent({ file }, "task2.canonical_id", `expected ${JSON.stringify(sessionId)}, got ${JSON.stringify(task2.canonical_id)}`);
    }
    registry.register("task2", sessionId, { file, field: "task2.canonical_id" });
    instances.push({
      track: "task2",
      benchmarkId: sessionId,
      sessionId,
      input: {
        old_dialogue: packet.dialogue,
        new_dialogue: task2.new_dialogue,
        memory: task2.memory_pool_before_update,
        ...(task2.memory_update_query ? { instruction: task2.memory_update_query } : {}),
      },
      gold: { memory_items: task2.golden_answer, selected_memory_id: task2.task2_selected_memory_id },
      meta: { source: "packets", canonicalId: task2.canonical_id, ...(task2.stratum ? { stratum: task2.stratum } : {}) },
    });

    if (task3.canonical_id !== sessionId) {
      throw inconsistent({ file }, "task3.canonical_id", `expected ${JSON.stringify(sessionId)}, got ${JSON.stringify(task3.canonical_id)}`);
    }
    if (task3.task3_selected_memory.memory_id !== task3.task3_selected_memory_id) {
      throw inconsistent(
        { file },
        "task3.task3_selected_memory.memory_id",
        `differs from task3_selected_memory_id ${JSON.stringify(task3.task3_selected_memory_id)}`,
      );
    }
    if (!task3.candidate_memories.some((c) => c.memory_id === task3.task3_selected_memory_id)) {
      throw inconsistent({ file }, "task3.candidate_memories", `does not contain the gold memory ${JSON.stringify(task3.task3_selected_memory_id)}`);
    }
    registry.register("task3/d100", sessionId, { file, field: "task3.canonical_id" });
    const dialogue3 = task3.dialogue_from_task3_source ?? [];
    instances.push({
      track: "task3/d100",
      benchmarkId: sessionId,
      sessionId,
      input: {
        query: task3.query,
        candidate_memories: task3.candidate_memories,
        ...(dialogue3.length > 0 ? { dialogue: dialogue3 } : {}),
      },
      gold: { selected_memory_id: task3.task3_selected_memory_id, selected_memory: task3.task3_selected_memory },
      meta: {
        source: "packets",
        canonicalId: task3.canonical_id,
        poolSize: 100,
        ...(task3.stratum ? { stratum: task3.stratum } : {}),
        ...(task3.metadata?.language ? { language: task3.metadata.language } : {}),
      },
    });

    const context: SessionContext = {
      shown: file,
      dialogue: packet.dialogue,
      goldById: new Map(task1.ground_truth_memories.map((m) => [m.memory_id, m])),
    };
    sessions.set(sessionId, context);

    for (const [index, entry] of (packet.task4 ?? []).entries()) {
      const fieldPrefix = `task4[${index}].`;
      if (entry.task4_selected_memory.memory_id !== entry.task4_selected_memory_id) {
        throw inconsistent(
          { file },
          `${fieldPrefix}task4_selected_memory.memory_id`,
          `differs from task4_selected_memory_id ${JSON.stringify(entry.task4_selected_memory_id)}`,
        );
      }
      const benchmarkId = task4BenchmarkId(entry.queries, entry.ability, { file, fieldPrefix });
      const track = `task4/${entry.ability}` as const;
      registry.register(track, benchmarkId, { file, field: `${fieldPrefix}queries[0].query_id` });
      task4Seen.set(`${track} ${benchmarkId}`, { source: entry, shown: file, field: `${fieldPrefix}queries` });
      task4Instances.push(task4Instance(track, benchmarkId, sessionId, entry, context));
    }
  }

  const recordsFile = await locateTask4Records(dir, packetsDir, options.task4Records, shown);
  if (recordsFile) {
    const recordsShown = shown(recordsFile);
    for await (const { line, value } of readJsonLines(recordsFile, recordsShown)) {
      const record = parseOrThrow(Task4Record, value, { file: recordsShown, line });
      const context = sessions.get(record.session_id);
      if (!context) {
        throw inconsistent({ file: recordsShown, line }, "session_id", `no packet for session ${JSON.stringify(record.session_id)}`);
      }
      if (record.ability !== "ability5" && (record.task4_selected_memory === null || record.task4_selected_memory_id === null)) {
        throw new DatasetError({
          code: "invalid_field",
          file: recordsShown,
          line,
          field: "task4_selected_memory",
          message: `missing (required for ${record.ability})`,
        });
      }
      if (record.task4_selected_memory && record.task4_selected_memory.memory_id !== record.task4_selected_memory_id) {
        throw inconsistent(
          { file: recordsShown, line },
          "task4_selected_memory.memory_id",
          `differs from task4_selected_memory_id ${JSON.stringify(record.task4_selected_memory_id)}`,
        );
      }
      const benchmarkId = task4BenchmarkId(record.queries, record.ability, { file: recordsShown, line, fieldPrefix: "" });
      const track = `task4/${record.ability}` as const;
      const already = task4Seen.get(`${track} ${benchmarkId}`);
      if (already) {
        // The same instance in a packet and in the records file: accept only an identical copy.
        if (!sameTask4Source(already.source, record)) {
          throw inconsistent({ file: recordsShown, line }, "queries", `${track} ${benchmarkId} differs from its copy in ${already.shown} (${already.field})`);
        }
        continue;
      }
      registry.register(track, benchmarkId, { file: recordsShown, line, field: "queries[0].query_id" });
      task4Seen.set(`${track} ${benchmarkId}`, { source: record, shown: recordsShown, field: `line ${line}` });
      task4Instances.push(task4Instance(track, benchmarkId, record.session_id, record, context));
    }
  }

  return withOfficialSplits([...instances, ...task4Instances]);
}

function task4Instance(
  track: Extract<TrackId, `task4/${string}`>,
  benchmarkId: string,
  sessionId: string,
  source: Task4Source,
  context: SessionContext,
): UnsplitInstance {
  const goldMemory = source.task4_selected_memory_id ? context.goldById.get(source.task4_selected_memory_id) : undefined;
  // The label comes from the session's Task 1 gold (same id and value); PF reports items labelled
  // Preferences/Interaction_Preferences separately.
  const label = goldMemory && source.task4_selected_memory && goldMemory.value === source.task4_selected_memory.value ? goldMemory.label : undefined;
  const selectedMemory = source.task4_selected_memory ? { ...source.task4_selected_memory, ...(label ? { label } : {}) } : null;
  const gold: Task4Gold = { selected_memory_id: source.task4_selected_memory_id, selected_memory: selectedMemory };
  const input: Task4Input =
    source.ability === "ability1" && source.task4_selected_memory
      ? { queries: source.queries, selected_memory: { memory_id: source.task4_selected_memory.memory_id, value: source.task4_selected_memory.value } }
      : { queries: source.queries, dialogue_history: context.dialogue };
  const language = source.ability === "ability5" ? eiLanguageOf(benchmarkId) : undefined;
  return {
    track,
    benchmarkId,
    sessionId,
    input,
    gold,
    meta: { source: "packets", ability: source.ability, ...(label ? { stratum: label } : {}), ...(language ? { language } : {}) },
  };
}

function sameTask4Source(a: Task4Source, b: Task4Source): boolean {
  return (
    a.ability === b.ability &&
    a.task4_selected_memory_id === b.task4_selected_memory_id &&
    JSON.stringify(a.task4_selected_memory) === JSON.stringify(b.task4_selected_memory) &&
    JSON.stringify(a.queries) === JSON.stringify(b.queries)
  );
}

/** Where task4-records.jsonl is (see ReadPacketsOptions.task4Records); null when told to read none. */
export async function locateTask4Records(dir: string, packetsDir: string, option: string | false | undefined, shown: (p: string) => string): Promise<string | null> {
  if (option === false) return null;
  if (typeof option === "string") return path.resolve(option);
  const candidates = [path.join(path.resolve(dir), TASK4_RECORDS_FILE), path.join(path.dirname(packetsDir), TASK4_RECORDS_FILE)];
  for (const candidate of candidates) if (await exists(candidate)) return candidate;
  throw new DatasetError({
    code: "missing_file",
    file: shown(candidates[0] as string),
    message: `file not found (also looked for ${shown(candidates[1] as string)}; pass task4Records: false to read the packets' Task 4 entries only)`,
  });
}
