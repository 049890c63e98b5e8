import path from "node:path";
import { SPLITS, TRACK_IDS, taskOf, type Split, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { DatasetError, inconsistent } from "./errors";
import { IdRegistry } from "./id-registry";
import { assertDirectory, displayPathFor, exists, listDirectory, parseOrThrow, readJsonLines } from "./io";
import type { NormalizedInstance, Task4Input, Task4Memory } from "./normalized-instance";
import {
  ReleaseTask1InputRow,
  ReleaseTask1ReferenceRow,
  ReleaseTask2InputRow,
  ReleaseTask2ReferenceRow,
  ReleaseTask3InputRow,
  ReleaseTask3ReferenceRow,
  ReleaseTask4InputRow,
  ReleaseTask4ReferenceRow,
  toTask4Memory,
} from "./release-schema";
import { eiLanguageOf, task4BenchmarkId } from "./task4-ids";
import type { Task4AbilityName } from "./packet-schema";

const MODEL_INPUT_FILE = "model_input.jsonl";
const REFERENCE_OUTPUT_FILE = "reference_output.jsonl";

/** Folders of `benchmark_data/` that are not splits we import: onboarding samples and manifests. */
const IGNORED_TOP_FOLDERS = new Set(["examples", "artifacts"]);

/**
 * Reads the official release layout: `<dir>/benchmark_data/<split>/<folder>/model_input.jsonl` (+
 * `reference_output.jsonl`), or the same tree with `<dir>` = `benchmark_data` itself. Folders are
 * `task1`, `task2`, `task3/d100` ... `task3/d1000`, `task4_ability1` ... `task4_ability5`; splits
 * `dev`, `validation`, `test` (`examples/` and `artifacts/` are skipped).
 *
 * The test split's reference file is absent in the public release (the authors hide test gold): its
 * instances get `gold: null`. dev and validation must have one. Files are streamed line by line; an
 * id may appear once per track across all splits.
 */
export async function readReleaseLayout(dir: string): Promise<NormalizedInstance[]> {
  const root = path.resolve(dir);
  const shown = displayPathFor(root);
  await assertDirectory(root, shown(root));
  const nested = path.join(root, "benchmark_data");
  const dataDir = (await exists(nested)) ? nested : root;

  const trackFolders = new Map<string, { split: Split; track: TrackId; folder: string }>();
  for (const entry of await listDirectory(dataDir, shown(dataDir))) {
    if (!entry.isDirectory || entry.name.startsWith(".") || IGNORED_TOP_FOLDERS.has(entry.name)) continue;
    const split = SPLITS.find((s) => s === entry.name);
    if (!split) {
      throw new DatasetError({
        code: "unknown_split_folder",
        file: shown(path.join(dataDir, entry.name)),
        message: `unknown split folder (expected ${SPLITS.join(", ")}, or examples/artifacts which are skipped)`,
      });
    }
    for (const found of await listTrackFolders(path.join(dataDir, split), shown)) {
      trackFolders.set(`${split} ${found.track}`, { split, ...found });
    }
  }

  const registry = new IdRegistry();
  const instances: NormalizedInstance[] = [];
  // Deterministic order whatever the directory order: splits, then tracks, then file order.
  for (const split of SPLITS) {
    for (const track of TRACK_IDS) {
      const found = trackFolders.get(`${split} ${track}`);
      if (found) instances.push(...(await readTrackFolder(found.folder, split, track, shown, registry)));
    }
  }
  return instances;
}

async function listTrackFolders(splitDir: string, shown: (p: string) => string): Promise<{ track: TrackId; folder: string }[]> {
  const out: { track: TrackId; folder: string }[] = [];
  for (const entry of await listDirectory(splitDir, shown(splitDir))) {
    if (!entry.isDirectory || entry.name.startsWith(".")) continue;
    const folder = path.join(splitDir, entry.name);
    if (entry.name === "task1" || entry.name === "task2") {
      out.push({ track: entry.name, folder });
      continue;
    }
    if (entry.name === "task3") {
      for (const level of await listDirectory(folder, shown(folder))) {
        if (!level.isDirectory || level.name.startsWith(".")) continue;
        const track = TRACK_IDS.find((t) => t === `task3/${level.name}`);
        if (!track) {
          throw new DatasetError({
            code: "unknown_track_folder",
            file: shown(path.join(folder, level.name)),
            message: "unknown Task 3 pool folder (expected d100, d300, d500, d700 or d1000)",
          });
        }
        out.push({ track, folder: path.join(folder, level.name) });
      }
      continue;
    }
    const ability = /^task4_(ability[1-5])$/.exec(entry.name);
    const track = ability ? TRACK_IDS.find((t) => t === `task4/${ability[1]}`) : undefined;
    if (!track) {
      const hint = /^task3_d\d+$/.test(entry.name) ? "; the release groups Task 3 as task3/<dN>" : "";
      throw new DatasetError({
        code: "unknown_track_folder",
        file: shown(folder),
        message: `unknown track folder (expected task1, task2, task3/<dN>, task4_ability1..5${hint})`,
      });
    }
    out.push({ track, folder });
  }
  return out;
}

interface ReferenceEntry {
  line: number;
  row: unknown;
}

async function readTrackFolder(folder: string, split: Split, track: TrackId, shown: (p: string) => string, registry: IdRegistry): Promise<NormalizedInstance[]> {
  const task = taskOf(track);
  const inputFile = path.join(folder, MODEL_INPUT_FILE);
  const referenceFile = path.join(folder, REFERENCE_OUTPUT_FILE);
  const inputShown = shown(inputFile);
  const referenceShown = shown(referenceFile);

  if (!(await exists(inputFile))) {
    throw new DatasetError({ code: "missing_file", file: inputShown, message: "file not found" });
  }

  // Reference rows are indexed by id first (streamed), then consumed while streaming the inputs.
  let references: Map<string, ReferenceEntry> | null = null;
  if (await exists(referenceFile)) {
    references = new Map();
    for await (const { line, value } of readJsonLines(referenceFile, referenceShown)) {
      const header = parseOrThrow(ReleaseTask1InputRow.pick({ benchmark_id: true, task: true }), value, { file: referenceShown, line });
      checkTask(header.task, task, referenceShown, line);
      if (references.has(header.benchmark_id)) {
        const first = references.get(header.benchmark_id)?.line;
        throw new DatasetError({
          code: "duplicate_id",
          file: referenceShown,
          line,
          field: "benchmark_id",
          message: `duplicate id ${JSON.stringify(header.benchmark_id)} (first at line ${first})`,
        });
      }
      references.set(header.benchmark_id, { line, row: value });
    }
  } else if (split !== "test") {
    throw new DatasetError({ code: "missing_file", file: referenceShown, message: `file not found (required for the ${split} split; only test gold is hidden)` });
  }

  const out: NormalizedInstance[] = [];
  for await (const { line, value } of readJsonLines(inputFile, inputShown)) {
    const at = { file: inputShown, line };
    const header = parseOrThrow(ReleaseTask1InputRow.pick({ benchmark_id: true, task: true }), value, at);
    checkTask(header.task, task, inputShown, line);
    registry.register(track, header.benchmark_id, { ...at, field: "benchmark_id" });

    let reference: ReferenceEntry | null = null;
    if (references) {
      reference = references.get(header.benchmark_id) ?? null;
      if (!reference) {
        throw inconsistent(at, "benchmark_id", `no row for ${JSON.stringify(header.benchmark_id)} in ${REFERENCE_OUTPUT_FILE}`);
      }
      references.delete(header.benchmark_id);
    }
    const refAt = reference ? { file: referenceShown, line: reference.line } : null;
    out.push(toInstance(track, split, value, at, reference?.row ?? null, refAt));
  }

  if (references && references.size > 0) {
    const [id, entry] = references.entries().next().value as [string, ReferenceEntry];
    throw new DatasetError({
      code: "orphan_reference",
      file: referenceShown,
      line: entry.line,
      field: "benchmark_id",
      message: `${JSON.stringify(id)} has no row in ${MODEL_INPUT_FILE} (${references.size} such reference row(s))`,
    });
  }
  return out;
}

function checkTask(rowTask: string | undefined, folderTask: string, file: string, line: number): void {
  if (rowTask !== undefined && rowTask !== folderTask) {
    throw inconsistent({ file, line }, "task", `is ${JSON.stringify(rowTask)} in a ${folderTask} folder`);
  }
}

type Where = { file: string; line: number };

function toInstance(track: TrackId, split: Split, raw: unknown, at: Where, rawRef: unknown, refAt: Where | null): NormalizedInstance {
  const meta = (row: { canonical_id?: string | null; stratum?: string | null }) => ({
    source: "release" as const,
    ...(row.canonical_id ? { canonicalId: row.canonical_id } : {}),
    // the builder writes "UNKNOWN" when it has no stratum
    ...(row.stratum && row.stratum !== "UNKNOWN" ? { stratum: row.stratum } : {}),
  });

  if (track === "task1") {
    const row = parseOrThrow(ReleaseTask1InputRow, raw, at);
    const ref = refAt ? parseOrThrow(ReleaseTask1ReferenceRow, rawRef, refAt) : null;
    return {
      track,
      split,
      benchmarkId: row.benchmark_id,
      sessionId: row.session_id ?? null,
      input: { dialogue: row.input.dialogue },
      gold: ref ? { memory_items: ref.gold.memory_items } : null,
      meta: meta(row),
    };
  }

  if (track === "task2") {
    const row = parseOrThrow(ReleaseTask2InputRow, raw, at);
    const ref = refAt ? parseOrThrow(ReleaseTask2ReferenceRow, rawRef, refAt) : null;
    const instruction = row.input.query ?? undefined;
    return {
      track,
      split,
      benchmarkId: row.benchmark_id,
      sessionId: row.session_id ?? null,
      input: {
        old_dialogue: row.input.old_dialogue,
        new_dialogue: row.input.new_dialogue,
        memory: row.input.memory,
        ...(instruction ? { instruction } : {}),
      },
      // The official input shows metadata.selected_memory_id; we keep it with the gold (it names the
      // memory the update targets, which action accuracy needs) rather than in the model input.
      gold: ref ? { memory_items: ref.gold.answer, selected_memory_id: row.input.metadata?.selected_memory_id ?? null } : null,
      meta: meta(row),
    };
  }

  if (track.startsWith("task3/")) {
    const row = parseOrThrow(ReleaseTask3InputRow, raw, at);
    const ref = refAt ? parseOrThrow(ReleaseTask3ReferenceRow, rawRef, refAt) : null;
    if (ref && refAt && !row.input.candidate_memories.some((c) => c.memory_id === ref.gold.selected_memory_id)) {
      throw inconsistent(
        refAt,
        "gold.selected_memory_id",
        `${JSON.stringify(ref.gold.selected_memory_id)} is not among the candidates of ${MODEL_INPUT_FILE} line ${at.line}`,
      );
    }
    const dialogue = row.input.dialogue ?? [];
    const language = row.input.metadata?.language ?? undefined;
    return {
      track: track as Extract<TrackId, `task3/${string}`>,
      split,
      benchmarkId: row.benchmark_id,
      sessionId: row.session_id ?? null,
      input: { query: row.input.query, candidate_memories: row.input.candidate_memories, ...(dialogue.length > 0 ? { dialogue } : {}) },
      gold: ref ? { selected_memory_id: ref.gold.selected_memory_id, selected_memory: ref.gold.selected_memory } : null,
      meta: { ...meta(row), poolSize: Number(track.slice("task3/d".length)), ...(language ? { language } : {}) },
    };
  }

  // Task 4
  const ability = track.slice("task4/".length) as Task4AbilityName;
  const row = parseOrThrow(ReleaseTask4InputRow, raw, at);
  if (row.ability && row.ability !== ability) {
    throw inconsistent(at, "ability", `is ${JSON.stringify(row.ability)} in a task4_${ability} folder`);
  }
  const fromQueries = task4BenchmarkId(row.input.queries, ability, { ...at, fieldPrefix: "input." });
  if (fromQueries !== row.benchmark_id) {
    throw inconsistent(at, "input.queries[0].query_id", `query ids must be "${row.benchmark_id}:<n>", got prefix ${JSON.stringify(fromQueries)}`);
  }
  const ref = refAt ? parseOrThrow(ReleaseTask4ReferenceRow, rawRef, refAt) : null;
  if (ref && refAt && ref.ability && ref.ability !== ability) {
    throw inconsistent(refAt, "ability", `is ${JSON.stringify(ref.ability)} in a task4_${ability} folder`);
  }

  const givenMemory = ability === "ability1" ? toTask4Memory(row.input.model_input?.selected_memory) : null;
  const input: Task4Input = givenMemory
    ? { queries: row.input.queries, selected_memory: givenMemory }
    : {
        queries: row.input.queries,
        dialogue_history: row.input.model_input?.dialogue_history ?? row.input.audit_context?.conversation ?? [],
      };
  let gold = null;
  if (ref) {
    const selected = toTask4Memory(ref.gold.selected_memory);
    const memories = (ref.gold.extracted_memory ?? []).map(toTask4Memory).filter((m): m is Task4Memory => m !== null);
    gold = {
      selected_memory_id: ref.gold.memory_key ?? selected?.memory_id ?? null,
      selected_memory: selected,
      ...(memories.length > 0 ? { memories } : {}),
    };
  }
  const language = ability === "ability5" ? eiLanguageOf(row.benchmark_id) : undefined;
  const stratum = row.stratum && row.stratum !== "UNKNOWN" ? row.stratum : gold?.selected_memory?.label;
  return {
    track: track as Extract<TrackId, `task4/${string}`>,
    split,
    benchmarkId: row.benchmark_id,
    sessionId: row.session_id ?? null,
    input,
    gold,
    meta: {
      source: "release",
      ability,
      ...(row.canonical_id ? { canonicalId: row.canonical_id } : {}),
      ...(stratum ? { stratum } : {}),
      ...(language ? { language } : {}),
    },
  };
}
