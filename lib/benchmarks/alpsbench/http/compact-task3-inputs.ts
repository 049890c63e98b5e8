/**
 * The compact form of a Task 3 inputs download (`/api/v1/inputs/<task3 track>.compact.jsonl.gz`, docs/api.md): the
 * full form's rows with each distinct candidate memory written once. A d1000 pool repeats the same few tens of
 * thousands of memories 2.3 million times, ~100 KB apart (beyond gzip's 32 KB window), so the full file stays large
 * even gzipped; the compact one is mostly the random candidate ids, which no form can shrink.
 *
 * Lines, JSON each:
 *   1. one per distinct memory: `{"memory_ref": <n>, ...the candidate's fields but memory_id}` (label, value);
 *   2. one per instance, in the full form's order: its row with `candidate_memories` replaced by `candidate_refs`,
 *      `[[candidate id, memory_ref], ...]` in the pool's order.
 * Expanding every `[id, ref]` into `{...memory ref, memory_id: id}` at the end of the row gives the full form's row,
 * byte for byte under JSON.stringify (its list is last: task3-pools.ts).
 *
 * Nothing but the full form's content: a memory is its fields' JSON text, and refs number those texts in their sorted
 * order, so a ref says nothing the text does not (no owner, no target, no storage id, no order of appearance). Two
 * pools sharing a ref share the same text, which the full form already shows.
 */

type Row = { benchmarkId: string; input: unknown };
type Candidate = Record<string, unknown> & { memory_id: unknown };

/** The instance's candidate list when it has one (a Task 3 row), else null. */
function candidatesOf(input: unknown): Candidate[] | null {
  const list = isRecord(input) ? input.candidate_memories : undefined;
  if (!Array.isArray(list)) return null;
  for (const candidate of list) {
    // the importer's schema makes every candidate an object with an id; anything else is a hand-edited database
    if (!isRecord(candidate) || !("memory_id" in candidate)) throw new Error("Task 3 candidate without memory_id: no compact form");
  }
  return list as Candidate[];
}

/** A candidate's memory (its fields but the id) and that memory's identity, its JSON text. */
function memoryOf(candidate: Candidate): { key: string; memory: Record<string, unknown> } {
  const { memory_id: _id, ...memory } = candidate;
  return { key: JSON.stringify(memory), memory };
}

/** Collects a scope's distinct memories (first pass over its rows) and numbers them by their text. */
class MemoryTable {
  private readonly memories = new Map<string, Record<string, unknown>>();
  private refs: Map<string, number> | null = null;

  add(rows: readonly Row[]): void {
    if (this.refs) throw new Error("MemoryTable: add after numbering");
    for (const row of rows) {
      for (const candidate of candidatesOf(row.input) ?? []) {
        const { key, memory } = memoryOf(candidate);
        if (!this.memories.has(key)) this.memories.set(key, memory);
      }
    }
  }

  /** The memory lines, refs 0… in the sorted order of the memories' JSON text (a function of the text alone). */
  lines(): string[] {
    const keys = [...this.memories.keys()].sort();
    this.refs = new Map(keys.map((key, ref) => [key, ref]));
    return keys.map((key, ref) => JSON.stringify({ memory_ref: ref, ...this.memories.get(key) }));
  }

  /** A row's compact line (after lines()). */
  row(row: Row): string {
    if (!this.refs) throw new Error("MemoryTable: row before lines()");
    const input = isRecord(row.input) ? row.input : { input: row.input };
    const candidates = candidatesOf(input);
    if (candidates === null) return JSON.stringify({ benchmark_id: row.benchmarkId, ...input });
    if ("candidate_refs" in input) throw new Error(`instance ${row.benchmarkId}: its input has a candidate_refs field of its own`);
    const { candidate_memories: _list, ...rest } = input;
    const candidate_refs = candidates.map((candidate) => {
      const ref = this.refs!.get(memoryOf(candidate).key);
      // the scope changed between the two passes (an import ran): the build fails and nothing is cached
      if (ref === undefined) throw new Error(`instance ${row.benchmarkId}: a memory that the first pass did not see`);
      return [candidate.memory_id, ref];
    });
    return JSON.stringify({ benchmark_id: row.benchmarkId, ...rest, candidate_refs });
  }
}

/**
 * The compact file's body: reads the scope twice through `pages` (every page of rows in order, fresh each call),
 * first for the memories, then for the rows; one page in memory at a time besides the memory table.
 */
export function compactTask3Stream(pages: () => AsyncIterable<readonly Row[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* body(): AsyncGenerator<Uint8Array> {
    const table = new MemoryTable();
    for await (const page of pages()) table.add(page);
    const memoryLines = table.lines();
    // in slices: a d1000 table is tens of thousands of lines
    for (let start = 0; start < memoryLines.length; start += 1000) {
      const slice = memoryLines.slice(start, start + 1000);
      yield encoder.encode(slice.map((line) => `${line}\n`).join(""));
    }
    for await (const page of pages()) yield encoder.encode(page.map((row) => `${table.row(row)}\n`).join(""));
  }
  const iterator = body();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
